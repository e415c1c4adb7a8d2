"""A transpose feeding an add and a reshape to f32[32]: layout assignment turns the reshape into
a bitcast that regroups dimensions. Sound."""
# expect: verified
import jax.numpy as jnp

ARGS = ["f32[4,8]", "f32[8,4]"]


def f(x, y):
    return (x.T + y).reshape(32)
