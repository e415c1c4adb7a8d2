"""max(x,x): XLA folds it to x. Sound in IEEE 754 (verified with --no-ftz), not under the FTZ
model: a flushed maximum of a subnormal is 0 (measured on XLA:CPU, jax 0.7.1:
jnp.maximum(x, y) on x = y = 1e-45 gives 0), while the folded program returns 1e-45.
On XLA:CPU itself LLVM folds maximum(x, x) to x below the HLO as well, so the unoptimized
module also returns 1e-45 there: the refutation is of the HLO under FTZ, not of the machine."""
# expect: refuted
# cpu-before: 1e-45 (LLVM folds maximum(x, x) below the HLO)
import jax.numpy as jnp

ARGS = ["f32[8]"]


def f(x):
    return jnp.maximum(x, x)
