"""pow(x,2) => x*x: sound."""
# expect: verified
import jax.lax as lax

ARGS = ["f32[8]"]


def f(x):
    return lax.pow(x, 2.0)
