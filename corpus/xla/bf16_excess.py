"""A bf16 result widened to f32: XLA:CPU's `float-normalization-bf16` pass (step 4) rewrites the
bf16 ops as f32 ops between converts and, allowed excess precision by default
(`--xla_allow_excess_precision`), leaves out the rounding to bf16 before the f32 sum, which
then reads the unrounded value: a change of the result, refuted (a*b - a/2 + b at a = b = 100
is 10048 in bf16, 10020 unrounded)."""
# expect: refuted
# cpu-before: the rounding is dropped by float-normalization-bf16, not algsimp: compiled without algsimp XLA:CPU computes the after value too
import jax.numpy as jnp

ARGS = ["bf16[8]", "bf16[8]", "f32[8]"]


def f(a, b, x):
    g = a * b - a * 0.5 + b
    return g.astype(jnp.float32) + x
