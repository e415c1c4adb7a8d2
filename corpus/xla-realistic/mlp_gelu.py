"""An MLP layer pair with gelu: x @ w1 + b1, gelu (tanh form), @ w2 + b2."""
# expect: verified
# assumes: reduction order unspecified (21 s on a loaded 2-core machine: kept out of corpus/xla, whose test stays fast)
import jax
import jax.numpy as jnp

ARGS = ["f32[8,64]", "f32[64,128]", "f32[128]", "f32[128,32]", "f32[32]"]


def f(x, w1, b1, w2, b2):
    h = jax.nn.gelu(x @ w1 + b1, approximate=True)
    return h @ w2 + b2
