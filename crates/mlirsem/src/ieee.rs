//! IEEE 754 arithmetic on bit patterns, shared by the concrete domain (every float op) and the
//! symbolic one (constant folding of literals). f32 and f64 only: the half types answer `None`.
//! NaN results are canonical quiet NaNs (payloads are not part of the model).

use crate::domain::{FBin, FTy};

/// The canonical quiet NaN of `t`.
pub(crate) fn nan(t: FTy) -> u64 {
    match t {
        FTy::F16 => 0x7E00,
        FTy::BF16 => 0x7FC0,
        FTy::F32 => 0x7FC0_0000,
        FTy::F64 => 0x7FF8_0000_0000_0000,
    }
}

/// `+inf` of `t` (`-inf` with [`sign_bit`] set).
pub(crate) fn inf(t: FTy) -> u64 {
    match t {
        FTy::F16 => 0x7C00,
        FTy::BF16 => 0x7F80,
        FTy::F32 => 0x7F80_0000,
        FTy::F64 => 0x7FF0_0000_0000_0000,
    }
}

/// Whether `bits` is a NaN of type `t`.
pub(crate) fn is_nan(t: FTy, bits: u64) -> bool {
    let (exp_bits, man_bits) = match t {
        FTy::F16 => (5, 10),
        FTy::BF16 => (8, 7),
        FTy::F32 => (8, 23),
        FTy::F64 => (11, 52),
    };
    let exp = (bits >> man_bits) & ((1 << exp_bits) - 1);
    let man = bits & ((1 << man_bits) - 1);
    exp == (1 << exp_bits) - 1 && man != 0
}

/// `bits`, with any NaN replaced by the canonical one.
pub(crate) fn canon(t: FTy, bits: u64) -> u64 {
    if is_nan(t, bits) {
        nan(t)
    } else {
        bits
    }
}

/// The sign bit of `t`.
pub(crate) fn sign_bit(t: FTy) -> u64 {
    match t {
        FTy::F16 | FTy::BF16 => 1 << 15,
        FTy::F32 => 1 << 31,
        FTy::F64 => 1 << 63,
    }
}

fn to_f64(t: FTy, bits: u64) -> Option<f64> {
    match t {
        FTy::F32 => Some(f32::from_bits(bits as u32) as f64),
        FTy::F64 => Some(f64::from_bits(bits)),
        _ => None,
    }
}

/// `a op b` in type `t`, rounded to nearest even.
pub(crate) fn bin(op: FBin, t: FTy, a: u64, b: u64) -> Option<u64> {
    let r = match t {
        FTy::F32 => {
            let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
            (match op {
                FBin::Add => x + y,
                FBin::Sub => x - y,
                FBin::Mul => x * y,
                FBin::Div => x / y,
            })
            .to_bits() as u64
        }
        FTy::F64 => {
            let (x, y) = (f64::from_bits(a), f64::from_bits(b));
            (match op {
                FBin::Add => x + y,
                FBin::Sub => x - y,
                FBin::Mul => x * y,
                FBin::Div => x / y,
            })
            .to_bits()
        }
        _ => return None,
    };
    Some(canon(t, r))
}

/// `arith.cmpf` with predicate number `pred` (0..=15, MLIR's numbering).
pub(crate) fn cmp(pred: u8, t: FTy, a: u64, b: u64) -> Option<bool> {
    let (x, y) = (to_f64(t, a)?, to_f64(t, b)?);
    let uno = x.is_nan() || y.is_nan();
    let ord = !uno;
    Some(match pred {
        0 => false,
        1 => ord && x == y,
        2 => ord && x > y,
        3 => ord && x >= y,
        4 => ord && x < y,
        5 => ord && x <= y,
        6 => ord && x != y,
        7 => ord,
        8 => uno || x == y,
        9 => uno || x > y,
        10 => uno || x >= y,
        11 => uno || x < y,
        12 => uno || x <= y,
        13 => uno || x != y,
        14 => uno,
        _ => true,
    })
}

/// `arith.extf`/`arith.truncf` from `from` to `to` (round to nearest even; widening is exact).
pub(crate) fn convert(from: FTy, to: FTy, bits: u64) -> Option<u64> {
    let r = match (from, to) {
        (FTy::F32, FTy::F32) | (FTy::F64, FTy::F64) => bits,
        (FTy::F32, FTy::F64) => (f32::from_bits(bits as u32) as f64).to_bits(),
        (FTy::F64, FTy::F32) => (f64::from_bits(bits) as f32).to_bits() as u64,
        _ => return None,
    };
    Some(canon(to, r))
}

/// Whether converting `from` to `to` is exact for every value (a widening).
pub(crate) fn widens(from: FTy, to: FTy) -> bool {
    matches!(
        (from, to),
        (FTy::F16 | FTy::BF16, FTy::F32 | FTy::F64) | (FTy::F32, FTy::F64)
    )
}

/// The bit pattern of `x` in type `t` (f32/f64).
pub(crate) fn from_f64(t: FTy, x: f64) -> Option<u64> {
    match t {
        FTy::F32 => Some(canon(t, (x as f32).to_bits() as u64)),
        FTy::F64 => Some(canon(t, x.to_bits())),
        _ => None,
    }
}

/// The integer `x` in type `t`, rounded to nearest even.
pub(crate) fn from_int(t: FTy, x: i128) -> Option<u64> {
    match t {
        FTy::F32 => Some((x as f32).to_bits() as u64),
        FTy::F64 => Some((x as f64).to_bits()),
        _ => None,
    }
}
