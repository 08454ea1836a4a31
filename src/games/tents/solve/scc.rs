//! Strongly connected components of a directed graph given node by node as lists of
//! successors (Tarjan's algorithm, iterative), with the scratch space kept between calls.

/// A graph under construction and its components.
#[derive(Default)]
pub(super) struct Scc {
    /// Per node: where its successors start in `targets`.
    start: Vec<u32>,
    targets: Vec<u32>,
    order: Vec<u32>,
    low: Vec<u32>,
    comp: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, u32)>,
}

impl Scc {
    /// Forgets the previous graph.
    pub(super) fn clear(&mut self) {
        self.start.clear();
        self.targets.clear();
    }

    /// Starts the successor list of the next node (nodes come in order from 0).
    #[inline]
    pub(super) fn next_node(&mut self) {
        self.start.push(self.targets.len() as u32);
    }

    /// Adds a successor to the current node.
    #[inline]
    pub(super) fn edge_to(&mut self, to: u32) {
        self.targets.push(to);
    }

    /// The component of each node after `compute` (equal numbers: same component).
    #[inline]
    pub(super) fn comp(&self, x: u32) -> u32 {
        self.comp[x as usize]
    }

    /// Computes the components of the graph given since `clear`; returns how many there are.
    pub(super) fn compute(&mut self) -> u32 {
        let nodes = self.start.len();
        self.start.push(self.targets.len() as u32);
        self.order.clear();
        self.order.resize(nodes, 0);
        self.low.resize(nodes, 0);
        self.comp.resize(nodes, 0);
        self.on_stack.clear();
        self.on_stack.resize(nodes, false);
        self.stack.clear();
        self.calls.clear();
        let (start, targets) = (&self.start, &self.targets);
        let (order, low, comp) = (&mut self.order, &mut self.low, &mut self.comp);
        let (on_stack, stack, calls) = (&mut self.on_stack, &mut self.stack, &mut self.calls);
        let mut counter = 0u32;
        let mut comps = 0u32;
        for root in 0..nodes as u32 {
            if order[root as usize] != 0 {
                continue;
            }
            // The node to enter next: the root first, then each unvisited successor.
            let mut enter = Some(root);
            loop {
                if let Some(y) = enter.take() {
                    counter += 1;
                    order[y as usize] = counter;
                    low[y as usize] = counter;
                    stack.push(y);
                    on_stack[y as usize] = true;
                    calls.push((y, start[y as usize]));
                }
                let Some(&mut (x, ref mut pos)) = calls.last_mut() else {
                    break;
                };
                if *pos < start[x as usize + 1] {
                    let y = targets[*pos as usize];
                    *pos += 1;
                    if order[y as usize] == 0 {
                        enter = Some(y);
                    } else if on_stack[y as usize] {
                        low[x as usize] = low[x as usize].min(order[y as usize]);
                    }
                    continue;
                }
                calls.pop();
                if low[x as usize] == order[x as usize] {
                    while let Some(y) = stack.pop() {
                        on_stack[y as usize] = false;
                        comp[y as usize] = comps;
                        if y == x {
                            break;
                        }
                    }
                    comps += 1;
                }
                if let Some(&(p, _)) = calls.last() {
                    low[p as usize] = low[p as usize].min(low[x as usize]);
                }
            }
        }
        comps
    }
}

#[cfg(test)]
mod tests {
    use super::Scc;

    #[test]
    fn components_of_two_cycles_joined_one_way() {
        let mut g = Scc::default();
        // 0 -> 1 -> 2 -> 0, 2 -> 3, 3 -> 4 -> 3, 5 alone.
        for succ in [&[1][..], &[2], &[0, 3], &[4], &[3], &[]] {
            g.next_node();
            succ.iter().for_each(|&y| g.edge_to(y));
        }
        assert_eq!(g.compute(), 3);
        assert_eq!(g.comp(0), g.comp(1));
        assert_eq!(g.comp(1), g.comp(2));
        assert_eq!(g.comp(3), g.comp(4));
        assert_ne!(g.comp(0), g.comp(3));
        assert_ne!(g.comp(5), g.comp(0));
        assert_ne!(g.comp(5), g.comp(3));
        // A second graph reuses the scratch space.
        g.clear();
        g.next_node();
        g.next_node();
        g.edge_to(0);
        assert_eq!(g.compute(), 2);
        assert_ne!(g.comp(0), g.comp(1));
    }
}
