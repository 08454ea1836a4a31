//! The real binary and the files it writes: OUTPUT and `s FILE` are written whole or not at
//! all, links are written through, devices and pipes in place.
#![cfg(unix)]

use std::fs;
use std::io::Write;
use std::os::unix::fs::symlink;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use crate::common;
use crate::common::binary;
use binary::{bin, stderr, stdout};

const OLD: &str = "the old file, kept\n";

/// `gridpuzzles ARGS` where no file may grow past `max` bytes, as on a disk that fills up:
/// writing past it fails with EFBIG (for root too, unlike a read-only folder).
fn on_a_full_disk(args: &[&str], max: u64, input: &str) -> Output {
    let mut cmd = bin();
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: max,
                rlim_max: max,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // Ignored, the signal a write past the limit raises becomes an EFBIG error.
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn run(args: &[&str]) -> Output {
    on_a_full_disk(args, libc::RLIM_INFINITY, "")
}

/// The names in `dir`, sorted: no temp file may be left behind.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    names
}

#[test]
fn solve_and_convert_on_a_full_disk_keep_the_old_file_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.txt");
    let out_arg = out.to_str().unwrap();
    for args in [
        vec!["solve", "tents/default", out_arg],
        vec!["convert", "tents/default", "--to", "file", out_arg],
    ] {
        fs::write(&out, OLD).unwrap();
        // The puzzle's file is over 100 bytes: the write stops at 64.
        let o = on_a_full_disk(&args, 64, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains(&format!("cannot write {out_arg}: ")), "{err}");
        assert!(err.contains(&format!("{out_arg} is unchanged")), "{err}");
        assert_eq!(fs::read_to_string(&out).unwrap(), OLD);
        assert_eq!(names(dir.path()), ["out.txt"]);
    }
    // With room, the same command replaces it.
    let o = run(&["solve", "tents/default", out_arg]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(fs::read_to_string(&out).unwrap().starts_with("8 8 "));
    assert_eq!(names(dir.path()), ["out.txt"]);
}

#[test]
fn an_output_that_cannot_be_created_is_exit_2_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    // A parent that is a regular file stops root as well as anyone.
    let file = dir.path().join("file");
    fs::write(&file, OLD).unwrap();
    let out = file.join("out.txt");
    let o = run(&["solve", "tents/default", out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!("cannot write {}: ", out.display())),
        "{}",
        stderr(&o)
    );
    assert_eq!(fs::read_to_string(&file).unwrap(), OLD);
    let o = run(&["solve", "tents/default", dir.path().to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("it is a folder"), "{}", stderr(&o));
}

#[test]
fn generate_output_files_are_written_whole() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "generate",
        "tents",
        "--size",
        "6x6",
        "--seed",
        "1",
        "--output",
        dir.path().to_str().unwrap(),
    ];
    let o = on_a_full_disk(&args, 20, "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("was not created"), "{}", stderr(&o));
    assert!(names(dir.path()).is_empty());
}

#[test]
fn a_link_is_written_through_and_stays_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.txt");
    fs::write(&real, OLD).unwrap();
    let link = dir.path().join("link.txt");
    symlink("real.txt", &link).unwrap();
    let o = run(&["solve", "tents/default", link.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(fs::symlink_metadata(&link).unwrap().is_symlink());
    assert!(fs::read_to_string(&real).unwrap().starts_with("8 8 "));
    assert_eq!(names(dir.path()), ["link.txt", "real.txt"]);
}

#[test]
fn devices_and_stdout_are_written_in_place() {
    // Through /dev/stdout: the rename-free path, onto this test's pipe.
    let o = run(&["solve", "tents/default", "/dev/stdout"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("8 8 "), "{}", stdout(&o));
    // A link to a full device: the error names the path given.
    let dir = tempfile::tempdir().unwrap();
    let full = dir.path().join("full");
    symlink("/dev/full", &full).unwrap();
    let o = run(&["solve", "tents/default", full.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(&format!("cannot write {}: ", full.display())),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_failed_text_save_keeps_the_file_says_so_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("s.txt");
    fs::write(&save, OLD).unwrap();
    let s = save.display();
    let o = on_a_full_disk(
        &["text", "tents/default"],
        64,
        &format!("t 0 0\ns {s}\nq\n"),
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.lines()
            .any(|l| l.starts_with(&format!("cannot save to {s}: "))
                && l.ends_with(&format!("{s} is unchanged"))),
        "{out}"
    );
    assert!(
        stderr(&o).contains(&format!("not saved: {s}")),
        "{}",
        stderr(&o)
    );
    assert_eq!(fs::read_to_string(&save).unwrap(), OLD);
    assert_eq!(names(dir.path()), ["s.txt"]);
}

#[test]
fn a_failed_text_save_still_exits_2_after_a_win() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("s.txt");
    let mut input = format!("s {}\n", save.display());
    for (i, j) in common::TENTS_2020_SOLUTION {
        input += &format!(
            "t {i} {j}
"
        );
    }
    let o = on_a_full_disk(&["text", "tents/default"], 64, &input);
    assert!(stdout(&o).to_lowercase().contains("congratulations"));
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(!save.exists());
    // A save that works exits 0 as before.
    let o = on_a_full_disk(&["text", "tents/default"], libc::RLIM_INFINITY, &input);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(fs::read_to_string(&save).unwrap().starts_with("8 8 "));
}

/// Runs `cmd`, killing it if it has not ended by itself after a generous while (a FIFO opened
/// for reading would block it forever): `None` if it had to be killed.
fn run_with_watchdog(mut cmd: Command) -> Option<Output> {
    let child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("binary runs");
    let pid = child.id();
    let (done, finished) = std::sync::mpsc::channel();
    let waiter = std::thread::spawn(move || {
        let out = child.wait_with_output().unwrap();
        let _ = done.send(());
        out
    });
    if finished
        .recv_timeout(std::time::Duration::from_secs(120))
        .is_err()
    {
        // SAFETY: kill(2) on the child this test started and has not reaped.
        unsafe { libc::kill(pid as libc::pid_t, libc::SIGKILL) };
        waiter.join().unwrap();
        return None;
    }
    Some(waiter.join().unwrap())
}

fn mkfifo(path: &Path) {
    let c = std::ffi::CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: `c` is a valid NUL-terminated path for the duration of the call.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
}

#[test]
fn list_and_stats_skip_a_fifo_in_the_progress_folder_naming_it() {
    let home = tempfile::tempdir().unwrap();
    fs::create_dir(home.path().join("progress")).unwrap();
    let fifo = home.path().join("progress/stuck.json");
    mkfifo(&fifo);
    for command in ["list", "stats"] {
        let mut cmd = bin();
        cmd.arg(command).env("GRIDPUZZLES_HOME", home.path());
        let o = run_with_watchdog(cmd).unwrap_or_else(|| panic!("{command} blocked on the FIFO"));
        assert!(o.status.success(), "{command}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.contains(&fifo.display().to_string()),
            "{command}: {err}"
        );
        assert!(err.contains("FIFO"), "{command}: {err}");
    }
    // Listing is read-only: the FIFO is left where it is.
    assert!(fs::symlink_metadata(&fifo).is_ok());
}

#[test]
fn themes_reports_every_toml_that_is_not_a_theme_file() {
    let home = tempfile::tempdir().unwrap();
    let themes = home.path().join("themes");
    fs::create_dir(&themes).unwrap();
    mkfifo(&themes.join("fifo.toml"));
    symlink("/dev/zero", themes.join("zero.toml")).unwrap();
    symlink("nowhere.toml", themes.join("dangling.toml")).unwrap();
    symlink("loop.toml", themes.join("loop.toml")).unwrap();
    fs::write(themes.join("good.toml"), "description = \"Good\"\n").unwrap();
    let mut cmd = bin();
    cmd.arg("themes").env("GRIDPUZZLES_HOME", home.path());
    let o = run_with_watchdog(cmd).expect("themes blocked");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("good"), "{}", stdout(&o));
    let err = stderr(&o);
    for (name, why) in [
        ("fifo.toml", "a FIFO (named pipe)"),
        ("zero.toml", "a link to /dev/zero, a character device"),
        ("dangling.toml", "a dangling link to nowhere.toml"),
        ("loop.toml", "leads round in a loop"),
    ] {
        let path = themes.join(name).display().to_string();
        assert!(
            err.lines()
                .any(|l| l.contains(&format!("{path}: not a theme file: ")) && l.contains(why)),
            "{name}: {err}"
        );
    }
}

#[test]
fn theme_option_on_a_broken_file_gives_the_files_error() {
    let home = tempfile::tempdir().unwrap();
    let themes = home.path().join("themes");
    fs::create_dir(&themes).unwrap();
    fs::write(
        themes.join("broken.toml"),
        "description = \"x\"\n[styles]\ncursor = { fg = \"nope\" }\n",
    )
    .unwrap();
    fs::write(themes.join("bytes.toml"), b"a = 1\n# caf\xe9\n").unwrap();
    mkfifo(&themes.join("pipe.toml"));
    for (name, located) in [
        ("broken", "broken.toml:3:".to_string()),
        ("bytes", "bytes.toml:2:6: not UTF-8 text".to_string()),
        ("pipe", "pipe.toml: not a theme file: a FIFO".to_string()),
    ] {
        let mut cmd = bin();
        cmd.args(["--theme", name, "play", "tents/default"])
            .env("GRIDPUZZLES_HOME", home.path());
        let o = run_with_watchdog(cmd).expect("blocked");
        assert_eq!(o.status.code(), Some(2), "{name}");
        let err = stderr(&o);
        assert!(
            err.contains(&format!("theme `{name}` cannot be used: ")),
            "{err}"
        );
        let located = format!("{}", themes.join(located).display());
        assert!(err.contains(&located), "{name}: {err}");
    }
}
