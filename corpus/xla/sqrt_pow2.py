"""sqrt(pow(x,2)): XLA rewrites it to abs(x) (1e20: inf becomes 1e20)."""
# expect: refuted
import jax.lax as lax

ARGS = ["f32[8]"]


def f(x):
    return lax.sqrt(lax.pow(x, 2.0))
