"""A running sum with `jax.lax.scan` over 6 rows of [6, 8]: an HLO `while` with a counter from
0 to 6, whose body reads row `i` with `dynamic-slice` and writes it with
`dynamic-update-slice`; unrolled; sound."""
# expect: verified
import jax

ARGS = ["f32[6,8]"]


def f(xs):
    def step(carry, x):
        carry = carry * 0.9 + x
        return carry, carry

    _, ys = jax.lax.scan(step, xs[0] * 0.0, xs)
    return ys
