# expect: verified
# Device functions with no kernel in the file (the FlagGems `@pointwise_dynamic` style): each
# `@triton.jit` function that returns a value is lifted as a formula of its arguments. One
# takes a constexpr with a default, one returns a tuple, one calls another, and one is called
# through a name the module binds to libdevice.
import triton
import triton.language as tl
from triton.language.extra.cuda.libdevice import erf as _erf


@triton.jit
def gelu_erf(x):
    return 0.5 * x * (1 + _erf(x * 0.7071067811865476))


@triton.jit
def scaled_silu(x, beta: tl.constexpr = 2.0):
    return x * tl.sigmoid(beta * x)


@triton.jit
def add_and_diff(a, b):
    return a + b, a - b


@triton.jit
def silu_times(x, y):
    return scaled_silu(x) * y
