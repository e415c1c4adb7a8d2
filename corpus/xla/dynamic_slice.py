"""`jax.lax.dynamic_slice` and `dynamic_update_slice` with a start index from a parameter (JAX
wraps a negative index by adding the dimension's size, in s32; XLA clamps the start so the
slice stays in bounds): XLA:CPU fuses the index arithmetic with the slices and copies the
updated operand; sound."""
# expect: verified
from jax import lax

ARGS = ["f32[8,16]", "s32[]", "f32[2,16]"]


def f(x, i, u):
    window = lax.dynamic_slice(x, (i, 4), (4, 8))
    updated = lax.dynamic_update_slice(x, u, (i, 0))
    return window * 2.0 + 1.0, updated
