//! The one test that touches the real environment (its own test binary, so its own process).

use gridpuzzles::progress::{HOME_ENV, Loaded, Settings, Store, data_dir};

#[test]
fn gridpuzzles_home_moves_the_whole_data_folder() {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    // SAFETY: this is the only test in this binary, so no other thread reads the environment.
    unsafe { std::env::set_var(HOME_ENV, &home) };
    assert_eq!(data_dir().unwrap(), home);

    let store = Store::open_default().unwrap();
    assert_eq!(store.dir(), home);
    let settings = Settings {
        theme: Some("ansi16".into()),
        ascii: true,
        theme_glyphs: false,
        ..Default::default()
    };
    store.save_settings(&settings).unwrap();
    assert!(home.join("settings.toml").is_file());
    assert!(home.join("progress").is_dir());
    assert_eq!(
        Store::open(&home).unwrap().load_settings().unwrap(),
        Loaded::Found(settings)
    );

    // Empty means unset: the platform folder, which is not the override.
    unsafe { std::env::set_var(HOME_ENV, "") };
    if let Ok(platform) = data_dir() {
        assert_ne!(platform, home);
        assert!(platform.ends_with("gridpuzzles"), "{}", platform.display());
    }
    unsafe { std::env::remove_var(HOME_ENV) };
}
