//! `Vec<(String, T)>` fields as JSON objects (`{"R.0": 2}` rather than `[["R.0", 2]]`), read
//! back in the same order: named values keep the order the front end gave them.

use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
use std::fmt;
use std::marker::PhantomData;

pub fn serialize<S: Serializer, T: Serialize>(
    pairs: &[(String, T)],
    s: S,
) -> Result<S::Ok, S::Error> {
    let mut m = s.serialize_map(Some(pairs.len()))?;
    for (k, v) in pairs {
        m.serialize_entry(k, v)?;
    }
    m.end()
}

pub fn deserialize<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Vec<(String, T)>, D::Error> {
    struct Pairs<T>(PhantomData<T>);
    impl<'de, T: Deserialize<'de>> Visitor<'de> for Pairs<T> {
        type Value = Vec<(String, T)>;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("an object")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut out = Vec::new();
            while let Some(entry) = map.next_entry()? {
                out.push(entry);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Pairs(PhantomData))
}

/// `Vec<(String, i128)>` as an object of [`Wide`] numbers.
pub mod ints {
    use super::*;
    use crate::wide::Wide;

    pub fn serialize<S: Serializer>(pairs: &[(String, i128)], s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(pairs.len()))?;
        for (k, v) in pairs {
            m.serialize_entry(k, &Wide(*v))?;
        }
        m.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(String, i128)>, D::Error> {
        let pairs: Vec<(String, Wide)> = super::deserialize(d)?;
        Ok(pairs.into_iter().map(|(k, v)| (k, v.0)).collect())
    }
}

/// `Vec<(String, Vec<(String, i128)>)>`: an object of [`ints`] objects.
pub mod nested {
    use super::*;

    #[derive(serde::Serialize, serde::Deserialize)]
    #[serde(transparent)]
    struct Inner(#[serde(with = "super::ints")] Vec<(String, i128)>);

    type Nested = Vec<(String, Vec<(String, i128)>)>;

    pub fn serialize<S: Serializer>(pairs: &Nested, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(pairs.len()))?;
        for (k, v) in pairs {
            m.serialize_entry(k, &Inner(v.clone()))?;
        }
        m.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Nested, D::Error> {
        let outer: Vec<(String, Inner)> = super::deserialize(d)?;
        Ok(outer.into_iter().map(|(k, v)| (k, v.0)).collect())
    }
}
