//! The variables by activity, for the solver's decisions (VSIDS): a binary heap that knows
//! where each variable is, so a bumped one moves up in place.

/// Where a variable not in the heap is.
const NOT_IN_HEAP: u32 = u32::MAX;

/// Variables by activity, highest first, each with its place in the heap.
pub(super) struct VarHeap {
    heap: Vec<u32>,
    /// Per variable: its index in `heap`, or `NOT_IN_HEAP`.
    pos: Vec<u32>,
}

impl VarHeap {
    /// An empty heap for `vars` variables.
    pub(super) fn new(vars: usize) -> Self {
        VarHeap {
            heap: Vec::with_capacity(vars),
            pos: vec![NOT_IN_HEAP; vars],
        }
    }

    /// Whether `v` is in the heap.
    pub(super) fn contains(&self, v: u32) -> bool {
        self.pos[v as usize] != NOT_IN_HEAP
    }

    /// Adds `v`, which is not in the heap, by its activity in `act`.
    pub(super) fn insert(&mut self, v: u32, act: &[f64]) {
        self.pos[v as usize] = self.heap.len() as u32;
        self.heap.push(v);
        self.up(v, act);
    }

    /// Moves `v` up after its activity grew.
    pub(super) fn up(&mut self, v: u32, act: &[f64]) {
        let mut i = self.pos[v as usize] as usize;
        while i > 0 {
            let parent = (i - 1) / 2;
            let u = self.heap[parent];
            if act[u as usize] >= act[v as usize] {
                break;
            }
            self.heap[i] = u;
            self.pos[u as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }

    /// Takes out the variable of highest activity.
    pub(super) fn pop(&mut self, act: &[f64]) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("not empty");
        self.pos[top as usize] = NOT_IN_HEAP;
        if !self.heap.is_empty() {
            // Sift the last one down from the root.
            let n = self.heap.len();
            let mut i = 0;
            loop {
                let l = 2 * i + 1;
                if l >= n {
                    break;
                }
                let r = l + 1;
                let c = if r < n && act[self.heap[r] as usize] > act[self.heap[l] as usize] {
                    r
                } else {
                    l
                };
                if act[self.heap[c] as usize] <= act[last as usize] {
                    break;
                }
                self.heap[i] = self.heap[c];
                self.pos[self.heap[i] as usize] = i as u32;
                i = c;
            }
            self.heap[i] = last;
            self.pos[last as usize] = i as u32;
        }
        Some(top)
    }
}
