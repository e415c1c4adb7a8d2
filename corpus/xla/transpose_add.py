"""A transpose feeding an add and a reshape: layout assignment and fusion, sound."""
# expect: unknown
# pending: verified (the bitcast to f32[32] regroups dimensions: the core has no general reshape yet)
import jax.numpy as jnp

ARGS = ["f32[4,8]", "f32[8,4]"]


def f(x, y):
    return (x.T + y).reshape(32)
