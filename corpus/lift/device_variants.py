# expect: verified
# Device functions whose constexpr parameters have no default and that no call in the file
# gives a value: each is read off its uses in the body, as a kernel's are. `SIGNED` only
# selects code (a flag: False and True, each its own formula), and `dtype` is an element
# type whose predicates and width the body reads (each type Triton names, each with a
# formula of its own; infinity, for floating-point types, is no real: those are unknown).
# `shifted` asks the element type of its argument (`x.dtype.is_floating()`): the argument's
# element type splits it too (`x`: float, int32, ...).
import triton
import triton.language as tl


@triton.jit
def clip_or_abs(x, lo, SIGNED: tl.constexpr):
    if SIGNED:
        y = tl.maximum(x, lo)
    else:
        y = tl.abs(x)
    return y


@triton.jit
def largest(dtype: tl.constexpr):
    d = dtype.value
    if d.is_floating():
        big: tl.constexpr = float("inf")
        return big
    if d.is_int_signed():
        width: tl.constexpr = d.int_bitwidth
        big: tl.constexpr = 2 ** (width - 1) - 1
        return big
    width: tl.constexpr = d.int_bitwidth
    big: tl.constexpr = 2**width - 1
    return big


@triton.jit
def shifted(x):
    if x.dtype.is_floating():
        y = x + 0.5
    else:
        y = x + 1
    return y
