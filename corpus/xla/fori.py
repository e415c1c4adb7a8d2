"""`jax.lax.fori_loop(0, 4, ...)`: an HLO `while` whose counter runs from the literal 0 to the
literal 4, unrolled (4 iterations of `acc * 0.5 + x`). XLA:CPU keeps the loop, fuses its body
and copies the carried values; sound."""
# expect: verified
import jax

ARGS = ["f32[16]"]


def f(x):
    return jax.lax.fori_loop(0, 4, lambda i, acc: acc * 0.5 + x, x)
