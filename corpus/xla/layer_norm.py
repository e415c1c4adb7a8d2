"""Layer norm over the last axis of a [32, 256] input, without scale and shift."""
# expect: verified
# assumes: reduction order unspecified (XLA:CPU sums each row of 256 as a reduce-window of 8 windows of 32, then the 8: refuted with --strict-reduce-order)
import jax.numpy as jnp

ARGS = ["f32[32,256]"]


def f(x):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean((x - mean) ** 2, axis=-1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + 1e-5)
