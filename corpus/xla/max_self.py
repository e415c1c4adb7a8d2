"""max(x,x): XLA folds it to x. Sound in IEEE 754 (verified with --no-ftz), but XLA:CPU flushes
subnormals: measured with jax 0.7.1, jnp.maximum(x, y) run on x = y = 1e-45 gives 0, while the
folded program returns 1e-45 unchanged. Refuted under FTZ (the default)."""
# expect: refuted
import jax.numpy as jnp

ARGS = ["f32[8]"]


def f(x):
    return jnp.maximum(x, x)
