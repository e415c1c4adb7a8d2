//! `i128` values in JSON: a number where it fits in 64 bits (every size and index in practice),
//! else a decimal string. serde buffers tagged enums in a form without 128-bit integers, so
//! the plain `i128` impls cannot be read back from a `Verdict`.

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wide(pub i128);

impl Serialize for Wide {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match i64::try_from(self.0) {
            Ok(v) => s.serialize_i64(v),
            Err(_) => s.serialize_str(&self.0.to_string()),
        }
    }
}

impl<'de> Deserialize<'de> for Wide {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Wide;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an integer or a decimal string")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Wide, E> {
                Ok(Wide(v as i128))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Wide, E> {
                Ok(Wide(v as i128))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Wide, E> {
                v.parse().map(Wide).map_err(E::custom)
            }
        }
        d.deserialize_any(V)
    }
}

/// `Vec<i128>` as a list of [`Wide`].
pub mod list {
    use super::*;

    pub fn serialize<S: Serializer>(v: &[i128], s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(v.len()))?;
        for x in v {
            seq.serialize_element(&Wide(*x))?;
        }
        seq.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<i128>, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Vec<i128>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of integers")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Vec<i128>, A::Error> {
                let mut out = vec![];
                while let Some(Wide(x)) = a.next_element()? {
                    out.push(x);
                }
                Ok(out)
            }
        }
        d.deserialize_seq(V)
    }
}
