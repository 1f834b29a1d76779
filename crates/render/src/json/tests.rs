use tabletop_boards::chutes::{self, Event as ChutesEvent};
use tabletop_boards::{line, Board, Jump};
use tabletop_grundy::strategy::{Move, Strategy};
use tabletop_grundy::{Graph, Outcome};
use tabletop_pigs::{Card, Game, Role, Setup};

use super::*;

/// The keys of a JSON object line, in order, after checking that it parses.
fn keys(line: &str) -> Vec<String> {
    let value: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
    assert!(value.is_object(), "{line}");
    assert!(
        line.ends_with("}\n") && line.matches('\n').count() == 1,
        "{line:?}"
    );
    // Top-level keys in the order written: a string after `{` or `,` at depth 1.
    let mut depth = 0;
    let mut found = Vec::new();
    for (i, c) in line.char_indices() {
        match c {
            '{' | '[' => depth += 1,
            '}' | ']' => depth -= 1,
            '"' if depth == 1 && line[..i].ends_with(['{', ',']) => {
                let rest = &line[i + 1..];
                let end = rest.find('"').unwrap();
                found.push(rest[..end].to_string());
            }
            _ => {}
        }
    }
    found
}

#[test]
fn snakes_shapes() {
    let unreachable = crate::to_string(|out| write_snakes(out, None));
    assert_eq!(unreachable, "{\"throws\":null,\"path\":null}\n");
    assert_eq!(keys(&unreachable), ["throws", "path"]);
    let one = Board::new(1, &[], &[]).unwrap();
    let line = crate::to_string(|out| write_snakes(out, line::optimal_line(&one, 1).as_ref()));
    assert_eq!(line, "{\"throws\":0,\"path\":[]}\n");
    // Repeats: 10^18 squares without jumps.
    let huge = Board::new(1_000_000_000_000_000_000, &[Jump::new(7, 2)], &[]).unwrap();
    let line = crate::to_string(|out| write_snakes(out, line::optimal_line(&huge, 1).as_ref()));
    assert_eq!(keys(&line), ["throws", "path"]);
    let value: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(value["throws"], 166_666_666_666_666_667u64);
    assert!(line.contains("{\"throw\":6,\"repeat\":"), "{line}");
    let total: u64 = value["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|step| step.get("repeat").map_or(1, |r| r.as_u64().unwrap()))
        .sum();
    assert_eq!(total, 166_666_666_666_666_667);
}

#[test]
fn grundy_shapes() {
    // 0 <-> 1, 1 -> 2; 3 loops on itself.
    let graph = Graph::from_lists(&[vec![1u64], vec![0, 2], vec![], vec![3]]).unwrap();
    let values = graph.values();
    let strategy = Strategy::new(&graph, &values);
    let line = |pieces: &[u32]| crate::to_string(|out| write_grundy(out, &strategy.answer(pieces).unwrap()));
    assert_eq!(
        line(&[0, 1]),
        "{\"outcome\":\"WIN\",\"move\":{\"piece\":2,\"from\":1,\"to\":2}}\n"
    );
    assert_eq!(line(&[0]), "{\"outcome\":\"LOSE\",\"move\":null}\n");
    assert_eq!(
        line(&[3]),
        "{\"outcome\":\"DRAW\",\"move\":{\"piece\":1,\"from\":3,\"to\":3}}\n"
    );
    assert_eq!(keys(&line(&[3])), ["outcome", "move"]);
    let answer = strategy.answer(&[0, 1]).unwrap();
    assert_eq!(
        (answer.outcome, answer.play),
        (
            Outcome::Win,
            Some(Move {
                piece: 1,
                from: 1,
                to: 2
            })
        )
    );
}

#[test]
fn chutes_shape() {
    let board = Board::new(10, &[Jump::new(2, 9)], &[]).unwrap();
    let mut events = Vec::new();
    let ending = chutes::play_logged(&board, 3, &[2, 3, 1, 1], &mut events).unwrap();
    let line = crate::to_string(|out| write_chutes(out, &ending, 3, &events));
    assert_eq!(
        line,
        "{\"winner\":1,\"turns\":4,\"throws_used\":4,\"squares\":[10,3,1]}\n"
    );
    assert_eq!(keys(&line), ["winner", "turns", "throws_used", "squares"]);
    assert!(matches!(events[3], ChutesEvent::Jump { .. }));
}

#[test]
fn pigs_shape() {
    let cards = |text: &str| -> Vec<Card> {
        text.split_whitespace()
            .filter_map(|t| t.chars().next().and_then(Card::from_letter))
            .collect()
    };
    let setup = Setup {
        pigs: vec![
            (Role::Mp, cards("D D F F")),
            (Role::Zp, cards("N N N D")),
            (Role::Fp, cards("J J J J")),
        ],
        deck: cards("F F D D J J F F K D"),
    };
    let mut game = Game::new(&setup).unwrap();
    game.run().unwrap();
    let ending = game.ending().unwrap();
    let line = crate::to_string(|out| write_pigs(out, &ending));
    assert_eq!(keys(&line), ["winner", "turns", "pigs"]);
    assert!(line.starts_with("{\"winner\":\"FP\",\"turns\":"), "{line}");
    assert!(
        line.contains(
            "{\"role\":\"MP\",\"dead\":true,\"hp\":0,\"equipped\":false,\"jumped\":true,\"hand\":null}"
        ),
        "{line}"
    );
    assert!(
        line.contains("\"hand\":[\"J\",\"J\",\"J\",\"J\",\"J\",\"J\",\"D\"]}]}"),
        "{line}"
    );
}
