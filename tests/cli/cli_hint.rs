//! The real binary's `hint` on a position that has left every solution (it says so and names
//! the squares that differ from the solution instead of building on the mistake) and on a
//! puzzle without any solution (it says so).

use crate::common::binary;
use binary::run;

fn temp_file(content: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("position.txt");
    std::fs::write(&path, content).unwrap();
    (dir, path.to_string_lossy().into_owned())
}

#[test]
fn a_wrong_position_is_named_with_the_squares_that_differ() {
    // One solution; the black at (1,1) is not in it, yet no clue is broken.
    let (_dir, path) = temp_file("3 3 0 0\n3e-e2e\n-e6b-e\n2e-e3b\n");
    let check = run(&["check", &path]);
    assert!(String::from_utf8_lossy(&check.stdout).is_empty());
    let o = run(&["hint", &path]);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("already wrong"), "{err}");
    assert!(err.contains("differ from the solution: (1,1)"), "{err}");
}

#[test]
fn a_position_on_the_solution_gets_a_hint() {
    let (_dir, path) = temp_file("3 3 0 0\n3e-e2e\n-e6e-e\n2e-e3b\n");
    let o = run(&["hint", &path]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn a_puzzle_without_a_solution_is_said_to_have_none() {
    let impossible = format!(
        "{}/tests/data/peer-cases/lightup_iTschoCapic_lightup_impossible.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    // Tents: the columns want tents at (0,0) and (0,2), the row only one.
    let (_dir, tents) = temp_file("2 4 0 0\n1 1 \n1 0 1 0 \n x x\n    \n");
    for puzzle in [impossible.as_str(), &tents] {
        assert_eq!(
            String::from_utf8_lossy(&run(&["count", puzzle]).stdout),
            "0\n"
        );
        for json in [&[][..], &["--json"]] {
            let o = run(&[&["hint"], json, &[puzzle]].concat());
            assert_eq!(o.status.code(), Some(1), "{puzzle}");
            assert!(o.stdout.is_empty(), "{puzzle}");
            let err = String::from_utf8_lossy(&o.stderr);
            assert!(err.contains("this puzzle has no solution"), "{err}");
        }
    }
}
