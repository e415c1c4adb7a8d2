# expect: refuted
# formula: energy[i] = sum(k, sum(k2, frames[i, k, k2] * frames[i, k, k2]))
# frame_energy_tile_sum.py with the tile padded by 1 instead of 0: every masked-off lane
# (rows past `n_rows`, columns past `n_cols`, where the sizes are no powers of two) adds 1
# to the energy.
import torch
import triton
import triton.language as tl


@triton.jit
def _frame_energy_pad_one(frames, energy, n_rows, n_cols, ROWS: tl.constexpr, COLS: tl.constexpr):
    f = tl.program_id(0)
    rr = tl.arange(0, ROWS)
    cc = tl.arange(0, COLS)
    ok = (rr[:, None] < n_rows) & (cc[None, :] < n_cols)
    offsets = f * n_rows * n_cols + rr[:, None] * n_cols + cc[None, :]
    tile = tl.load(frames + offsets, mask=ok, other=1.0)
    tl.store(energy + f, tl.sum(tile * tile))


def frame_energy(frames: torch.Tensor) -> torch.Tensor:
    frames = frames.contiguous()
    n_frames, n_rows, n_cols = frames.shape
    energy = torch.empty(n_frames, device=frames.device, dtype=frames.dtype)
    rows = triton.next_power_of_2(n_rows)
    cols = triton.next_power_of_2(n_cols)
    _frame_energy_pad_one[(n_frames,)](frames, energy, n_rows, n_cols, ROWS=rows, COLS=cols)
    return energy
