//! The size cap on progress and settings files: a larger file is never read whole, it is set
//! aside with the reason, like any file that cannot be read.

use gridpuzzles::games::lightup::Piece;
use gridpuzzles::progress::{Loaded, MAX_RECORD_FILE_BYTES, Store};

#[test]
fn a_progress_file_above_the_cap_is_set_aside_unread() {
    let home = tempfile::tempdir().unwrap();
    let store = Store::open(home.path()).unwrap();
    let path = store.puzzle_path("lightup/default");
    // A sparse file: no disk used, one byte over the cap.
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(MAX_RECORD_FILE_BYTES + 1).unwrap();
    drop(file);
    let Loaded::SetAside {
        moved_to, reason, ..
    } = store.load_puzzle::<Piece>("lightup/default").unwrap()
    else {
        panic!("not set aside");
    };
    assert_eq!(
        reason,
        "larger than 64 MiB, the most a progress or settings file may hold"
    );
    assert_eq!(
        std::fs::metadata(&moved_to).unwrap().len(),
        MAX_RECORD_FILE_BYTES + 1,
        "kept whole"
    );
    assert!(!path.exists());
}

#[test]
fn a_settings_file_above_the_cap_is_set_aside_and_the_defaults_used() {
    let home = tempfile::tempdir().unwrap();
    let store = Store::open(home.path()).unwrap();
    let file = std::fs::File::create(store.settings_path()).unwrap();
    file.set_len(MAX_RECORD_FILE_BYTES + 1).unwrap();
    drop(file);
    let Loaded::SetAside { reason, .. } = store.load_settings().unwrap() else {
        panic!("not set aside");
    };
    assert!(reason.starts_with("larger than 64 MiB"), "{reason}");
    assert!(store.load_settings().unwrap() == Loaded::Missing);
}
