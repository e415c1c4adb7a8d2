"""A bf16 round trip and an f16 one (x.astype(bf16).astype(f32), x.astype(f16).astype(f32)):
XLA:CPU fuses the converts and keeps them (the round trips lose precision); sound."""
# expect: verified
import jax.numpy as jnp

ARGS = ["f32[8]"]


def f(x):
    return x.astype(jnp.bfloat16).astype(jnp.float32) + x.astype(jnp.float16).astype(jnp.float32)
