//! A presentation of a misère quotient: generators, normal words and relations.
//!
//! The generators are the heaps whose elements the smaller heaps' elements do not generate.
//! Words are exponent vectors, ordered by length, then by more of the earlier generators
//! (`a² < ab < b²`): a monomial order, so the least word of each element (its normal word)
//! has normal divisors only. The relations are the least non-normal words, each equal to
//! its element's normal word; rewriting by them turns any word into its normal word, so
//! they present the quotient.

use std::collections::HashMap;

use super::table::Table;

/// Generators and relations of a misère quotient.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Presentation {
    /// The heap of each generator (`a`, `b`, … in that order).
    pub generators: Vec<usize>,
    /// The normal word of each element, as exponents of the generators.
    pub words: Vec<Vec<u32>>,
    /// Relations `left = right`, as exponents of the generators.
    pub relations: Vec<(Vec<u32>, Vec<u32>)>,
}

impl Presentation {
    pub(crate) fn of(table: &Table, pretend: &[u32]) -> Self {
        let mut heaps = Vec::new();
        let mut images: Vec<u32> = Vec::new();
        let mut generated = vec![false; table.order()];
        generated[0] = true;
        for (heap, &element) in pretend.iter().enumerate() {
            if generated[element as usize] {
                continue;
            }
            heaps.push(heap);
            images.push(element);
            // Close the generated set under the new generator.
            let mut grown = true;
            while grown {
                grown = false;
                for a in 0..table.order() as u32 {
                    if generated[a as usize] && !generated[table.times(a, element) as usize] {
                        generated[table.times(a, element) as usize] = true;
                        grown = true;
                    }
                }
            }
        }
        let k = images.len();
        let mut words: Vec<Option<Vec<u32>>> = vec![None; table.order()];
        words[0] = Some(vec![0; k]);
        let mut element_of: HashMap<Vec<u32>, u32> = HashMap::new();
        element_of.insert(vec![0; k], 0);
        let mut level = vec![vec![0u32; k]];
        let mut relations = Vec::new();
        while !level.is_empty() {
            let mut candidates: Vec<Vec<u32>> = Vec::new();
            for word in &level {
                for g in 0..k {
                    let mut longer = word.clone();
                    longer[g] += 1;
                    candidates.push(longer);
                }
            }
            // More of the earlier generators first.
            candidates.sort_unstable_by(|a, b| b.cmp(a));
            candidates.dedup();
            let mut next = Vec::new();
            for word in candidates {
                // Every shorter divisor must be normal, or the word is no relation either.
                let mut element = None;
                let mut all_normal = true;
                for g in 0..k {
                    if word[g] == 0 {
                        continue;
                    }
                    let mut shorter = word.clone();
                    shorter[g] -= 1;
                    match element_of.get(&shorter) {
                        Some(&e) => element = Some(table.times(e, images[g])),
                        None => all_normal = false,
                    }
                }
                let Some(element) = element.filter(|_| all_normal) else {
                    continue;
                };
                match &words[element as usize] {
                    Some(normal) => relations.push((word, normal.clone())),
                    None => {
                        words[element as usize] = Some(word.clone());
                        element_of.insert(word.clone(), element);
                        next.push(word);
                    }
                }
            }
            level = next;
        }
        Presentation {
            generators: heaps,
            words: words.into_iter().map(Option::unwrap_or_default).collect(),
            relations,
        }
    }
}
