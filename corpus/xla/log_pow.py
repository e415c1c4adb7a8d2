"""log(pow(a,b)): XLA rewrites it to select(b==0, 0, b*log(abs(a))) ((-3, 1): nan becomes 1.0986)."""
# expect: refuted
import jax.lax as lax

ARGS = ["f32[4]", "f32[4]"]


def f(a, b):
    return lax.log(lax.pow(a, b))
