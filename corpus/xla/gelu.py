"""gelu (tanh approximation) over a [32, 256] activation, as an MLP layer applies it: broadcasts,
multiplies, tanh, fused into one loop. The symbolic check is one query at a symbolic index,
whatever the tensor's size."""
# expect: verified
import jax

ARGS = ["f32[32,256]"]


def f(x):
    return jax.nn.gelu(x, approximate=True)
