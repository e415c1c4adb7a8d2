"""A 2-D convolution (NHWC input, HWIO kernel, stride 2, SAME padding): XLA:CPU keeps it; sound."""
# expect: verified
# assumes: reduction order unspecified (the convolution's sum over the window and the input features)
import jax

ARGS = ["f32[1,8,8,3]", "f32[3,3,3,4]"]


def f(x, w):
    return jax.lax.conv_general_dilated(
        x, w, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC")
    )
