//! The links into the documentation stay whole: every `docs/<page>.md#<section>` a comment in
//! `src/` or `tests/` points to, and every link between the Markdown pages, names a page that
//! exists and, with a `#`, one of its headings (as GitHub spells the anchor).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The anchor GitHub gives a heading: lower case, punctuation dropped, spaces to hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown page's headings (outside code blocks).
fn anchors(page: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(page).unwrap_or_default();
    let mut fenced = false;
    let mut found = BTreeSet::new();
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            found.insert(anchor(line.trim_start_matches('#')));
        }
    }
    found
}

/// Every file under `dir` whose name ends with `ext`, test data left out.
fn files(dir: &Path, ext: &str, into: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if !path.ends_with("data") && !path.ends_with("target") {
                files(&path, ext, into);
            }
        } else if path.to_string_lossy().ends_with(ext) {
            into.push(path);
        }
    }
}

/// The `(page, anchor)` links in `text`: in Rust comments `docs/<page>.md#<anchor>` from the
/// repository's root; in Markdown `](<page>.md#<anchor>)` from the page's own folder.
fn links(text: &str, markdown: bool) -> Vec<(String, Option<String>)> {
    let mut found = Vec::new();
    let mut rest = text;
    let opener = if markdown { "](" } else { "docs/" };
    while let Some(at) = rest.find(opener) {
        let start = if markdown { at + 2 } else { at };
        let target: String = rest[start..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || matches!(c, '/' | '.' | '-' | '_' | '#'))
            .collect();
        // A sentence's full stop after a link is not part of it.
        let target = target.trim_end_matches('.').to_string();
        rest = &rest[start + 1..];
        let (page, section) = match target.split_once('#') {
            Some((page, section)) => (page.to_string(), Some(section.to_string())),
            None => (target.clone(), None),
        };
        if page.ends_with(".md") && !page.contains("://") {
            found.push((page, section));
        }
    }
    found
}

#[test]
fn every_link_into_the_docs_names_a_page_and_a_heading_that_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut sources = Vec::new();
    files(&root.join("src"), ".rs", &mut sources);
    files(&root.join("tests"), ".rs", &mut sources);
    let mut pages = vec![root.join("README.md"), root.join("CONTRIBUTING.md")];
    files(&root.join("docs"), ".md", &mut pages);
    let mut checked = 0;
    let mut broken = Vec::new();
    for (file, markdown) in sources
        .iter()
        .map(|f| (f, false))
        .chain(pages.iter().map(|f| (f, true)))
    {
        let text = std::fs::read_to_string(file).unwrap_or_default();
        let base = if markdown {
            file.parent().unwrap_or(root)
        } else {
            root
        };
        for (page, section) in links(&text, markdown) {
            let target = base.join(&page);
            checked += 1;
            let ok = target.is_file()
                && section
                    .as_ref()
                    .is_none_or(|s| anchors(&target).contains(s));
            if !ok {
                let section = section.map(|s| format!("#{s}")).unwrap_or_default();
                broken.push(format!("{}: {page}{section}", file.display()));
            }
        }
    }
    assert!(
        checked > 40,
        "only {checked} links found: is the search broken?"
    );
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn anchors_are_spelt_as_github_spells_them() {
    assert_eq!(
        anchor(" Rule 4: local or matching"),
        "rule-4-local-or-matching"
    );
    assert_eq!(anchor("`prove` and `verify`"), "prove-and-verify");
    assert_eq!(
        anchor("Solver, generator and hints"),
        "solver-generator-and-hints"
    );
}
