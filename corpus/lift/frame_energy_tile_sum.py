# expect: verified
# formula: energy[i] = sum(k, sum(k2, frames[i, k, k2] * frames[i, k, k2]))
# The energy of each frame of a batch, one program per frame (FlagGems' group_norm and
# instance_norm style, written here with a whole-frame tile): the program loads the frame as
# one two-dimensional tile padded to powers of two and stores `tl.sum` of its squares with
# no axis, a reduction over every axis of the tile; the tile's mask on rows and columns
# bounds both sums.
import torch
import triton
import triton.language as tl


@triton.jit
def _frame_energy(frames, energy, n_rows, n_cols, ROWS: tl.constexpr, COLS: tl.constexpr):
    f = tl.program_id(0)
    rr = tl.arange(0, ROWS)
    cc = tl.arange(0, COLS)
    ok = (rr[:, None] < n_rows) & (cc[None, :] < n_cols)
    offsets = f * n_rows * n_cols + rr[:, None] * n_cols + cc[None, :]
    tile = tl.load(frames + offsets, mask=ok, other=0.0)
    tl.store(energy + f, tl.sum(tile * tile))


def frame_energy(frames: torch.Tensor) -> torch.Tensor:
    frames = frames.contiguous()
    n_frames, n_rows, n_cols = frames.shape
    energy = torch.empty(n_frames, device=frames.device, dtype=frames.dtype)
    rows = triton.next_power_of_2(n_rows)
    cols = triton.next_power_of_2(n_cols)
    _frame_energy[(n_frames,)](frames, energy, n_rows, n_cols, ROWS=rows, COLS=cols)
    return energy
