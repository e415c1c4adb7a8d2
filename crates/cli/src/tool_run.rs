//! Running one of the project's Python tools (`tools/*.py`) for a command: the tool's failure
//! becomes the command's error, with the last lines the tool printed.

use std::path::Path;
use std::process::Command;

/// Runs `cmd` (`python` with a tool and its arguments); `needs` says which Python packages the
/// tool needs, `what` what it was doing (both for messages).
pub fn run(cmd: &mut Command, python: &Path, needs: &str, what: &str) -> Result<(), String> {
    let run = cmd
        .output()
        .map_err(|e| format!("{}: {e} ({needs})", python.display()))?;
    if run.status.success() {
        return Ok(());
    }
    let err = String::from_utf8_lossy(&run.stderr);
    let tail: Vec<&str> = err.lines().rev().take(12).collect();
    let tail: Vec<&str> = tail.into_iter().rev().collect();
    Err(format!("{what} failed ({needs}):\n{}", tail.join("\n")))
}
