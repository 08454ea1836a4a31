//! The layout of progress files: JSON indented down to a fixed depth, compact below it, so a
//! file shows one history entry per line instead of one line per bracket.

use std::io::{self, Write};

use serde_json::ser::Formatter;

/// A JSON formatter that indents containers nested at most `limit` deep and writes deeper ones
/// on a single line.
#[derive(Clone, Debug)]
pub struct ShallowPretty {
    limit: usize,
    depth: usize,
    has_value: bool,
}

impl ShallowPretty {
    /// Indents the outermost `limit` levels of containers (1 = only the top-level one).
    pub fn new(limit: usize) -> Self {
        ShallowPretty {
            limit,
            depth: 0,
            has_value: false,
        }
    }

    fn expanded(&self) -> bool {
        self.depth <= self.limit
    }

    fn open<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(bracket)
    }

    fn close<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        let expanded = self.expanded();
        self.depth -= 1;
        if expanded && self.has_value {
            w.write_all(b"\n")?;
            indent(w, self.depth)?;
        }
        w.write_all(bracket)
    }

    fn item<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        if self.expanded() {
            w.write_all(b"\n")?;
            indent(w, self.depth)?;
        }
        Ok(())
    }
}

fn indent<W: ?Sized + Write>(w: &mut W, depth: usize) -> io::Result<()> {
    for _ in 0..depth {
        w.write_all(b"  ")?;
    }
    Ok(())
}

impl Formatter for ShallowPretty {
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"]")
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.item(w, first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.item(w, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(if self.expanded() { b": " } else { b":" })
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

/// `value` as JSON text in the shallow-pretty layout, ending with a newline.
pub fn to_string_shallow<T: serde::Serialize + ?Sized>(
    value: &T,
    limit: usize,
) -> Result<String, serde_json::Error> {
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut out, ShallowPretty::new(limit));
    value.serialize(&mut ser)?;
    out.push(b'\n');
    // serde_json writes only UTF-8, so this never fails in practice.
    String::from_utf8(out).map_err(|_| serde::ser::Error::custom("JSON output is not UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{Value, json};

    #[test]
    fn indents_down_to_the_limit_and_compacts_below() {
        let v = json!({"a": 1, "b": {"c": [[1, 2], {"d": []}], "e": {}}, "f": []});
        let text = to_string_shallow(&v, 3).unwrap();
        let expected = "\
{
  \"a\": 1,
  \"b\": {
    \"c\": [
      [1,2],
      {\"d\":[]}
    ],
    \"e\": {}
  },
  \"f\": []
}
";
        assert_eq!(text, expected);
    }

    #[test]
    fn any_limit_gives_the_same_value_back() {
        let v = json!([{"x": [1, {"y": null, "z": "s\"\n"}], "w": [[], [[]]]}, 3.5, true]);
        for limit in 0..6 {
            let text = to_string_shallow(&v, limit).unwrap();
            assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), v, "{text}");
        }
        assert_eq!(
            to_string_shallow(&v, 0).unwrap(),
            format!("{}\n", serde_json::to_string(&v).unwrap())
        );
    }
}
