//! The output of `tabletop octal --misere`: a misère quotient as text or one JSON object.
//!
//! | writer | writes |
//! |---|---|
//! | [`write_text`] | the order, generators, relations, elements, P-portion, pretending function and the period line |
//! | [`write_json`] | `{"code", "heaps", "misere": {"order", "pretend", "product", "p", "generators", "relations", "words", "period"?}, "query"?}` on one line |
//! | [`word`] | an element's normal word, such as `ab^2` (`1` for the identity) |
//! | [`write_survey_table`] | the survey's rows as a table ([`write_survey_header`] and [`write_survey_row`] one line at a time) |
//! | [`write_survey_json_row`] | one survey row as `{"code", "heaps", "order", "p_portion", "period", "stopped"}` on one line |
//!
//! Misère Nim on heaps up to 1: one heap of one token loses (`a` is in the P-portion).
//!
//! ```
//! use tabletop_octal::{Control, MisereBudget, MisereQuotient, OctalCode};
//! use tabletop_render::misere::write_text;
//!
//! let code = OctalCode::new(&[0, 3])?;
//! let q = MisereQuotient::compute(&code, 1, MisereBudget::default(), &Control::new())?;
//! let text = tabletop_render::to_string(|out| write_text(out, &code, &q, None));
//! assert_eq!(text, "misère quotient of 0.3, heaps 0..=1: order 2\ngenerators: a = heap 1\n\
//! relations: a^2 = 1\nelements: 0 = 1, 1 = a\nP-portion: a\npretend: 1 a\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::{self, Write};

use serde::Serialize;
use tabletop_octal::misere::SurveyRow;
use tabletop_octal::{MisereQuotient, OctalCode, Period, Presentation};

use crate::octal::{period_view, query_view, PeriodView, Query, QueryView, SumView};

/// The name of generator `index`: `a` … `z`, then `g27`, `g28`, ….
fn generator_name(index: usize) -> String {
    match u8::try_from(index) {
        Ok(i) if i < 26 => char::from(b'a' + i).to_string(),
        _ => format!("g{}", index + 1),
    }
}

/// A word of exponents of the generators: `a^2b`, `1` when empty.
pub fn word(exponents: &[u32]) -> String {
    let mut text = String::new();
    for (index, &power) in exponents.iter().enumerate() {
        if power == 0 {
            continue;
        }
        let name = generator_name(index);
        // Multi-letter names are set apart so that words read back unambiguously.
        if name.len() > 1 && !text.is_empty() {
            text.push(' ');
        }
        text.push_str(&name);
        if power > 1 {
            text.push_str(&format!("^{power}"));
        }
    }
    if text.is_empty() {
        text.push('1');
    }
    text
}

/// The quotient as text: the order, a presentation, every element as its normal word,
/// the P-portion, `pretend[0..=N]` as words, and when `period` is `Some`, the line
/// `period P preperiod I` or `no period proven up to N`.
pub fn write_text<W: Write + ?Sized>(
    out: &mut W,
    code: &OctalCode,
    quotient: &MisereQuotient,
    period: Option<Option<Period>>,
) -> fmt::Result {
    let presentation = quotient.presentation();
    let name = |element: u32| {
        presentation
            .words
            .get(element as usize)
            .map_or_else(|| element.to_string(), |w| word(w))
    };
    writeln!(
        out,
        "misère quotient of {code}, heaps 0..={}: order {}",
        quotient.largest_heap(),
        quotient.order()
    )?;
    let generators: Vec<String> = presentation
        .generators
        .iter()
        .enumerate()
        .map(|(index, heap)| format!("{} = heap {heap}", generator_name(index)))
        .collect();
    writeln!(out, "generators: {}", none_or(&generators))?;
    let relations: Vec<String> = presentation
        .relations
        .iter()
        .map(|(left, right)| format!("{} = {}", word(left), word(right)))
        .collect();
    writeln!(out, "relations: {}", none_or(&relations))?;
    let elements: Vec<String> = (0..quotient.order() as u32)
        .map(|e| format!("{e} = {}", name(e)))
        .collect();
    writeln!(out, "elements: {}", elements.join(", "))?;
    let p: Vec<String> = quotient.p_portion().into_iter().map(name).collect();
    writeln!(out, "P-portion: {}", none_or(&p))?;
    let pretend: Vec<String> = quotient.pretend().iter().map(|&e| name(e)).collect();
    writeln!(out, "pretend: {}", pretend.join(" "))?;
    match period {
        Some(Some(period)) => writeln!(out, "period {} preperiod {}", period.period, period.preperiod),
        Some(None) => writeln!(out, "no period proven up to {}", quotient.largest_heap()),
        None => Ok(()),
    }
}

fn none_or(items: &[String]) -> String {
    if items.is_empty() {
        "none".to_owned()
    } else {
        items.join(", ")
    }
}

/// `{"left", "right"}`: words as exponent lists.
#[derive(Debug, Clone, Serialize)]
struct RelationView {
    left: Vec<u32>,
    right: Vec<u32>,
}

/// The `"misere"` object of `tabletop octal --misere --json`, and of the playground's
/// `/api/octal` under misère play: `{"order", "pretend", "product", "p", "generators",
/// "relations", "words", "period"?}`, elements numbered `0..order` (0 the identity),
/// `product[i][j]`, `p` the P-portion, `pretend[n]` for heaps `0..=N`, `generators` the heap
/// of each generator, `words` each element's normal word as exponents; `period` when asked
/// (`null`: none proven).
#[derive(Debug, Clone, Serialize)]
pub struct MisereView {
    order: usize,
    pretend: Vec<u32>,
    product: Vec<Vec<u32>>,
    p: Vec<u32>,
    generators: Vec<usize>,
    relations: Vec<RelationView>,
    words: Vec<Vec<u32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    period: Option<Option<PeriodView>>,
}

impl MisereView {
    /// The view of `quotient`, with `period` when it was asked for.
    pub fn new(quotient: &MisereQuotient, period: Option<Option<Period>>) -> MisereView {
        let Presentation {
            generators,
            relations,
            words,
            ..
        } = quotient.presentation();
        MisereView {
            order: quotient.order(),
            pretend: quotient.pretend().to_vec(),
            product: quotient.product_table(),
            p: quotient.p_portion(),
            generators,
            relations: relations
                .into_iter()
                .map(|(left, right)| RelationView { left, right })
                .collect(),
            words,
            period: period_view(period),
        }
    }
}

/// The playground's answer under misère play: `{"code", "heaps", "misere", "query"}`, the
/// query (`null` without one) as [`SumView`] shows it.
#[derive(Serialize)]
pub struct MisereReply {
    /// The code, as `0.07`.
    pub code: String,
    /// The largest heap N.
    pub heaps: u64,
    /// The quotient.
    pub misere: MisereView,
    /// The sum's misère answer.
    pub query: Option<SumView>,
}

/// The quotient (and a query's answer) as one JSON object on one line:
/// `{"code", "heaps", "misere": `[`MisereView`]`, "query"?}`.
pub fn write_json<W: Write + ?Sized>(
    out: &mut W,
    code: &OctalCode,
    quotient: &MisereQuotient,
    period: Option<Option<Period>>,
    query: Option<&Query>,
) -> fmt::Result {
    #[derive(Serialize)]
    struct Object {
        code: String,
        heaps: usize,
        misere: MisereView,
        #[serde(skip_serializing_if = "Option::is_none")]
        query: Option<QueryView>,
    }
    let object = Object {
        code: code.to_string(),
        heaps: quotient.largest_heap(),
        misere: MisereView::new(quotient, period),
        query: query.map(query_view),
    };
    crate::json::write_line(out, &object)
}

/// The survey table's header line (columns as [`write_survey_row`] writes them).
pub fn write_survey_header<W: Write + ?Sized>(out: &mut W) -> fmt::Result {
    writeln!(
        out,
        "{:<8} {:>6} {:>6} {:>9}  {:<14} {:<5} stopped",
        "code", "heaps", "order", "P-portion", "period", "tame"
    )
}

/// One survey row as a table line: the code, the largest heap proven, the order and
/// P-portion size there, `p from I` when the period is proven (`-` otherwise), `tame` or
/// `wild`, and why it stopped (`-` when the period was proven).
pub fn write_survey_row<W: Write + ?Sized>(out: &mut W, row: &SurveyRow) -> fmt::Result {
    let period = row.period.map_or_else(
        || "-".to_owned(),
        |p| format!("{} from {}", p.period, p.preperiod),
    );
    let stopped = row
        .stopped
        .as_ref()
        .map_or_else(|| "-".to_owned(), ToString::to_string);
    writeln!(
        out,
        "{:<8} {:>6} {:>6} {:>9}  {:<14} {:<5} {stopped}",
        row.code.to_string(),
        row.heaps,
        row.order,
        row.p_portion,
        period,
        if row.tame { "tame" } else { "wild" },
    )
}

/// The survey's rows as a table: the header, then one line per row.
pub fn write_survey_table<W: Write + ?Sized>(out: &mut W, rows: &[SurveyRow]) -> fmt::Result {
    write_survey_header(out)?;
    rows.iter().try_for_each(|row| write_survey_row(out, row))
}

/// One survey row as one JSON object on one line: `code`, `heaps` (the largest heap
/// proven), `order`, `p_portion` (its size), `period` (`{"period", "preperiod"}` or `null`)
/// and `stopped` (`null` when the period was proven, else the reason as text).
pub fn write_survey_json_row<W: Write + ?Sized>(out: &mut W, row: &SurveyRow) -> fmt::Result {
    #[derive(Serialize)]
    struct Row {
        code: String,
        heaps: usize,
        order: usize,
        p_portion: usize,
        period: Option<PeriodView>,
        stopped: Option<String>,
    }
    let object = Row {
        code: row.code.to_string(),
        heaps: row.heaps,
        order: row.order,
        p_portion: row.p_portion,
        period: row.period.map(PeriodView::from),
        stopped: row.stopped.as_ref().map(ToString::to_string),
    };
    let text = serde_json::to_string(&object).map_err(|_| fmt::Error)?;
    out.write_str(&text)?;
    out.write_char('\n')
}

#[cfg(test)]
mod tests {
    use tabletop_octal::{Control, MisereBudget, Outcome};

    use super::*;

    fn nim3() -> (OctalCode, MisereQuotient) {
        let code = OctalCode::new(&[0, 3, 3, 3]).expect("a code");
        let q =
            MisereQuotient::compute(&code, 3, MisereBudget::default(), &Control::new()).expect("quotient");
        (code, q)
    }

    #[test]
    fn words_name_generators_and_powers() {
        assert_eq!(word(&[]), "1");
        assert_eq!(word(&[0, 0]), "1");
        assert_eq!(word(&[1, 2]), "ab^2");
        let mut long = vec![0; 27];
        long[0] = 1;
        long[26] = 3;
        assert_eq!(word(&long), "a g27^3");
    }

    #[test]
    fn text_shows_the_presentation_and_the_period_line() {
        let (code, q) = nim3();
        let text = crate::to_string(|out| write_text(out, &code, &q, Some(None)));
        assert!(
            text.starts_with("misère quotient of 0.333, heaps 0..=3: order 6\n"),
            "{text}"
        );
        assert!(text.contains("generators: a = heap 1, b = heap 2\n"), "{text}");
        assert!(text.contains("relations: a^2 = 1, b^3 = b\n"), "{text}");
        assert!(text.contains("P-portion: a, b^2\n"), "{text}");
        assert!(text.contains("pretend: 1 a b ab\n"), "{text}");
        assert!(text.ends_with("no period proven up to 3\n"), "{text}");
    }

    #[test]
    fn json_has_the_keys_the_checks_read() {
        let (code, q) = nim3();
        let query = Query {
            outcome: Outcome::Lose,
            best: None,
        };
        let line = crate::to_string(|out| write_json(out, &code, &q, None, Some(&query)));
        let parsed: serde_json::Value = serde_json::from_str(&line).expect("JSON");
        assert_eq!(parsed["code"], "0.333");
        assert_eq!(parsed["heaps"], 3);
        assert_eq!(parsed["misere"]["order"], 6);
        assert_eq!(parsed["misere"]["pretend"][0], 0);
        assert_eq!(parsed["misere"]["product"].as_array().map(Vec::len), Some(6));
        assert_eq!(parsed["misere"]["p"].as_array().map(Vec::len), Some(2));
        assert_eq!(parsed["query"]["outcome"], "LOSE");
        assert!(parsed["misere"].get("period").is_none());
    }

    fn survey_rows() -> Vec<SurveyRow> {
        use tabletop_octal::misere::{survey_code, SurveyLimits, SurveyStop};
        use tabletop_octal::MisereError;
        let limits = SurveyLimits {
            heaps: 40,
            budget: MisereBudget {
                order: 96,
                state_bytes: 16 << 20,
            },
            time: None,
        };
        let rows: Vec<SurveyRow> = [&[0, 1][..], &[0, 1, 3, 7]]
            .iter()
            .map(|digits| {
                let code = OctalCode::new(digits).expect("a code");
                survey_code(&code, &limits, &Control::new()).expect("not cancelled")
            })
            .collect();
        assert!(matches!(
            rows[1].stopped,
            Some(SurveyStop::Refused(MisereError::Order { .. }))
        ));
        rows
    }

    #[test]
    fn the_survey_table_lines_up_its_columns() {
        let rows = survey_rows();
        let text = crate::to_string(|out| write_survey_table(out, &rows));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "code      heaps  order P-portion  period         tame  stopped"
        );
        assert_eq!(
            lines[1],
            "0.1           6      2         1  1 from 2       tame  -"
        );
        assert!(lines[2].starts_with("0.137   "), "{text}");
        assert!(lines[2].ends_with(" wild  order past 96 at heap 24"), "{text}");
        assert_eq!(lines.len(), 3);
    }

    #[test]
    fn a_survey_json_row_has_exactly_the_six_keys() {
        let rows = survey_rows();
        for row in &rows {
            let line = crate::to_string(|out| write_survey_json_row(out, row));
            assert!(line.ends_with('\n') && line.lines().count() == 1);
            let parsed: serde_json::Value = serde_json::from_str(&line).expect("JSON");
            let keys: Vec<&String> = parsed.as_object().expect("an object").keys().collect();
            assert_eq!(keys, ["code", "heaps", "order", "p_portion", "period", "stopped"]);
        }
        let line = crate::to_string(|out| write_survey_json_row(out, &rows[0]));
        assert_eq!(
            line,
            "{\"code\":\"0.1\",\"heaps\":6,\"order\":2,\"p_portion\":1,\"period\":{\"period\":1,\"preperiod\":2},\"stopped\":null}\n"
        );
        let parsed: serde_json::Value =
            serde_json::from_str(&crate::to_string(|out| write_survey_json_row(out, &rows[1])))
                .expect("JSON");
        assert!(parsed["period"].is_null());
        assert_eq!(
            parsed["stopped"],
            rows[1]
                .stopped
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default()
        );
    }
}
