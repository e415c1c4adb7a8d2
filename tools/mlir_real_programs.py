"""The JAX programs of corpus/mlir-real (written for this corpus): norms, activations, losses,
attention, convolution, pooling, an MLP, an embedding lookup and a small transformer block.

Each entry of PROGRAMS is `name -> (function, [argument specs])`; an argument spec is
`(shape, dtype)`. `SCALE` multiplies the element count of every program by about 10
(`mlir_real.py --scale 10`), for the size figures of docs/mlir.md.
"""

import jax
import jax.numpy as jnp

F32 = "float32"
BF16 = "bfloat16"
I32 = "int32"


def softmax(x):
    return jax.nn.softmax(x, axis=-1)


def log_softmax(x):
    return jax.nn.log_softmax(x, axis=-1)


def logsumexp(x):
    return jax.scipy.special.logsumexp(x, axis=-1)


def layer_norm(x, gamma, beta):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean((x - mean) ** 2, axis=-1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + 1e-5) * gamma + beta


def rms_norm(x, w):
    ms = jnp.mean(x * x, axis=-1, keepdims=True)
    return x * jax.lax.rsqrt(ms + 1e-6) * w


def batch_norm(x, mean, var, gamma, beta):
    return (x - mean) * jax.lax.rsqrt(var + 1e-5) * gamma + beta


def l2_normalize(x):
    n = jnp.sqrt(jnp.sum(x * x, axis=-1, keepdims=True))
    return x / jnp.maximum(n, 1e-12)


def gelu_tanh(x):
    return jax.nn.gelu(x, approximate=True)


def gelu_erf(x):
    return jax.nn.gelu(x, approximate=False)


def silu(x):
    return x * jax.nn.sigmoid(x)


def softplus(x):
    return jnp.log1p(jnp.exp(-jnp.abs(x))) + jnp.maximum(x, 0.0)


def elu(x):
    return jnp.where(x > 0, x, jnp.expm1(x))


def hard_swish(x):
    return x * jnp.clip(x + 3.0, 0.0, 6.0) / 6.0


def leaky_relu(x):
    return jnp.where(x >= 0, x, 0.01 * x)


def mse_loss(pred, target):
    return jnp.mean((pred - target) ** 2)


def huber_loss(pred, target):
    d = jnp.abs(pred - target)
    return jnp.mean(jnp.where(d < 1.0, 0.5 * d * d, d - 0.5))


def cross_entropy(logits, onehot):
    return -jnp.sum(onehot * jax.nn.log_softmax(logits, axis=-1), axis=-1)


def sigmoid_bce(logits, labels):
    return jnp.mean(
        jnp.maximum(logits, 0.0) - logits * labels + jnp.log1p(jnp.exp(-jnp.abs(logits)))
    )


def cosine_similarity(a, b):
    dot = jnp.sum(a * b, axis=-1)
    na = jnp.sqrt(jnp.sum(a * a, axis=-1))
    nb = jnp.sqrt(jnp.sum(b * b, axis=-1))
    return dot / (na * nb + 1e-8)


def attention(q, k, v):
    s = q @ k.T / jnp.sqrt(jnp.float32(q.shape[-1]))
    return jax.nn.softmax(s, axis=-1) @ v


def conv_relu(x, w):
    y = jax.lax.conv_general_dilated(
        x, w, window_strides=(1, 1), padding="VALID", dimension_numbers=("NHWC", "HWIO", "NHWC")
    )
    return jnp.maximum(y, 0.0)


def max_pool(x):
    return jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")


def avg_pool(x):
    s = jax.lax.reduce_window(x, 0.0, jax.lax.add, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    return s / 4.0


def mlp(x, w1, b1, w2, b2):
    h = jax.nn.gelu(x @ w1 + b1, approximate=True)
    return h @ w2 + b2


def swiglu(x, wg, wu):
    return jax.nn.silu(x @ wg) * (x @ wu)


def embedding(table, ids):
    return jnp.take(table, ids, axis=0)


def transformer_block(x, g1, wq, wk, wv, g2, w1, w2):
    def norm(h, g):
        ms = jnp.mean(h * h, axis=-1, keepdims=True)
        return h * jax.lax.rsqrt(ms + 1e-6) * g

    h = norm(x, g1)
    x = x + attention(h @ wq, h @ wk, h @ wv)
    h = norm(x, g2)
    return x + jax.nn.gelu(h @ w1, approximate=True) @ w2


def causal_attention(q, k, v):
    n = q.shape[0]
    s = q @ k.T * (1.0 / jnp.sqrt(jnp.float32(q.shape[-1])))
    keep = jnp.arange(n)[:, None] >= jnp.arange(n)[None, :]
    s = jnp.where(keep, s, -jnp.inf)
    return jax.nn.softmax(s, axis=-1) @ v


def conv_stride2_same(x, w):
    return jax.lax.conv_general_dilated(
        x, w, window_strides=(2, 2), padding="SAME", dimension_numbers=("NHWC", "HWIO", "NHWC")
    )


def mish(x):
    return x * jnp.tanh(jax.nn.softplus(x))


def rms_norm_bf16(x, w):
    h = x.astype(jnp.float32)
    h = h * jax.lax.rsqrt(jnp.mean(h * h, axis=-1, keepdims=True) + 1e-5)
    return (h * w.astype(jnp.float32)).astype(jnp.bfloat16)


def variance_unbiased(x):
    return jnp.var(x, axis=0, ddof=1)


def programs(scale=1):
    """`name -> (function, [(shape, dtype)])`; `scale` (1 or 10) multiplies the rows."""
    r = 4 * scale  # rows (batch or sequence)
    d = 8  # features
    img = (1, 6 if scale == 1 else 20, 6, 3)
    return {
        "softmax": (softmax, [((r, d), F32)]),
        "log_softmax": (log_softmax, [((r, d), F32)]),
        "logsumexp": (logsumexp, [((r, d), F32)]),
        "layer_norm": (layer_norm, [((r, d), F32), ((d,), F32), ((d,), F32)]),
        "rms_norm": (rms_norm, [((r, d), F32), ((d,), F32)]),
        "batch_norm": (batch_norm, [((r, d), F32)] + [((d,), F32)] * 4),
        "l2_normalize": (l2_normalize, [((r, d), F32)]),
        "gelu_tanh": (gelu_tanh, [((r, d), F32)]),
        "gelu_erf": (gelu_erf, [((r, d), F32)]),
        "silu": (silu, [((r, d), F32)]),
        "softplus": (softplus, [((r, d), F32)]),
        "elu": (elu, [((r, d), F32)]),
        "hard_swish": (hard_swish, [((r, d), F32)]),
        "leaky_relu": (leaky_relu, [((r, d), F32)]),
        "mse_loss": (mse_loss, [((r, d), F32), ((r, d), F32)]),
        "huber_loss": (huber_loss, [((r, d), F32), ((r, d), F32)]),
        "cross_entropy": (cross_entropy, [((r, d), F32), ((r, d), F32)]),
        "sigmoid_bce": (sigmoid_bce, [((r, d), F32), ((r, d), F32)]),
        "cosine_similarity": (cosine_similarity, [((r, d), F32), ((r, d), F32)]),
        "attention": (attention, [((r, d), F32)] * 3),
        "conv_relu": (conv_relu, [(img, F32), ((3, 3, 3, 4), F32)]),
        "max_pool": (max_pool, [(img, F32)]),
        "avg_pool": (avg_pool, [(img, F32)]),
        "mlp": (mlp, [((r, d), F32), ((d, 16), F32), ((16,), F32), ((16, d), F32), ((d,), F32)]),
        "swiglu": (swiglu, [((r, d), F32), ((d, 16), F32), ((d, 16), F32)]),
        "embedding": (embedding, [((16, d), F32), ((r,), I32)]),
        "transformer_block": (
            transformer_block,
            [((r, d), F32), ((d,), F32)]
            + [((d, d), F32)] * 3
            + [((d,), F32), ((d, 16), F32), ((16, d), F32)],
        ),
        "causal_attention": (causal_attention, [((r, d), F32)] * 3),
        "conv_stride2_same": (conv_stride2_same, [(img, F32), ((3, 3, 3, 4), F32)]),
        "mish": (mish, [((r, d), F32)]),
        "rms_norm_bf16": (rms_norm_bf16, [((r, d), BF16), ((d,), BF16)]),
        "variance_unbiased": (variance_unbiased, [((r, d), F32)]),
    }
