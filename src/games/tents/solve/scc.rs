//! Strongly connected components of a small directed graph given as an edge list (Tarjan's
//! algorithm, iterative), with the scratch space kept between calls.

/// A graph under construction and its components.
#[derive(Default)]
pub(super) struct Scc {
    /// Edges as (from, to), before they are sorted into `start`/`targets`.
    edges: Vec<(u32, u32)>,
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
        self.edges.clear();
    }

    /// Adds an edge.
    #[inline]
    pub(super) fn edge(&mut self, from: u32, to: u32) {
        self.edges.push((from, to));
    }

    /// The component of each node after `compute` (equal numbers: same component).
    #[inline]
    pub(super) fn comp(&self, x: u32) -> u32 {
        self.comp[x as usize]
    }

    /// Computes the components of the graph on nodes `0..nodes` with the edges added.
    pub(super) fn compute(&mut self, nodes: usize) {
        self.start.clear();
        self.start.resize(nodes + 1, 0);
        for &(a, _) in &self.edges {
            self.start[a as usize + 1] += 1;
        }
        for i in 0..nodes {
            self.start[i + 1] += self.start[i];
        }
        self.targets.clear();
        self.targets.resize(self.edges.len(), 0);
        // `order` doubles as the fill cursor of each node's edge list.
        self.order.clear();
        self.order.extend_from_slice(&self.start[..nodes]);
        for &(a, b) in &self.edges {
            let at = &mut self.order[a as usize];
            self.targets[*at as usize] = b;
            *at += 1;
        }
        self.order.iter_mut().for_each(|o| *o = 0);
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
            counter += 1;
            order[root as usize] = counter;
            low[root as usize] = counter;
            stack.push(root);
            on_stack[root as usize] = true;
            calls.push((root, start[root as usize]));
            while let Some(&mut (x, ref mut pos)) = calls.last_mut() {
                if *pos < start[x as usize + 1] {
                    let y = targets[*pos as usize];
                    *pos += 1;
                    if order[y as usize] == 0 {
                        counter += 1;
                        order[y as usize] = counter;
                        low[y as usize] = counter;
                        stack.push(y);
                        on_stack[y as usize] = true;
                        calls.push((y, start[y as usize]));
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
    }
}

#[cfg(test)]
mod tests {
    use super::Scc;

    #[test]
    fn components_of_two_cycles_joined_one_way() {
        let mut g = Scc::default();
        // 0 -> 1 -> 2 -> 0, 2 -> 3, 3 -> 4 -> 3, 5 alone.
        for (a, b) in [(0, 1), (1, 2), (2, 0), (2, 3), (3, 4), (4, 3)] {
            g.edge(a, b);
        }
        g.compute(6);
        assert_eq!(g.comp(0), g.comp(1));
        assert_eq!(g.comp(1), g.comp(2));
        assert_eq!(g.comp(3), g.comp(4));
        assert_ne!(g.comp(0), g.comp(3));
        assert_ne!(g.comp(5), g.comp(0));
        assert_ne!(g.comp(5), g.comp(3));
        // A second graph reuses the scratch space.
        g.clear();
        g.edge(1, 0);
        g.compute(2);
        assert_ne!(g.comp(0), g.comp(1));
    }
}
