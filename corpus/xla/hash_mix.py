"""A hash-like mix of shifts and xors: murmur3's 32-bit finalizer on u32, a signed mix with
arithmetic shifts on s32, shift amounts from an operand (XLA: an amount at least the bit width
gives 0, or the sign fill for an arithmetic shift), and, or, not; sound."""
# expect: verified
import jax.numpy as jnp
from jax import lax

ARGS = ["u32[16]", "s32[16]", "u32[16]"]


def f(x, y, n):
    h = x ^ (x >> 16)
    h = h * jnp.uint32(0x85EBCA6B)
    h = h ^ (h >> 13)
    h = h * jnp.uint32(0xC2B2AE35)
    h = h ^ (h >> 16)
    s = lax.shift_right_arithmetic(y, jnp.int32(3)) ^ (y << 5)
    s = (s & jnp.int32(0x7F00FF)) | ~y
    v = lax.shift_left(x, n) ^ lax.shift_right_logical(x, n)
    a = lax.shift_right_arithmetic(y, n.astype(jnp.int32))
    return h ^ v, s + a
