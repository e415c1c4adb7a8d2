"""f16 arithmetic: XLA:CPU computes each f16 op in f32 and rounds it to f16 (measured: no
excess precision kept across a fusion), so an f16 subnormal is kept (it is an f32 normal)
where the FTZ/DAZ model of f32 would flush it: the f16 ops stay f16 ops after optimization
and are fused; sound. (bf16 ops are normalized to f32 ops between converts: `bf16_excess`.)"""
# expect: verified
import jax.numpy as jnp

ARGS = ["f16[8]", "f16[8]"]


def f(x, y):
    return x * y - x * 0.5 + y
