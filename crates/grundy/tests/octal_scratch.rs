use tabletop_grundy::octal::*;
#[test]
fn scratch() {
    let n: usize = std::env::var("N").unwrap().parse().unwrap();
    let code = std::env::var("CODE").unwrap_or("6".into());
    let mut digits = vec![0u8];
    digits.extend(code.bytes().map(|b| b - b'0'));
    let code = OctalCode::new(&digits).unwrap();
    let m = match std::env::var("M").as_deref() {
        Ok("plain") => Method::Plain,
        _ => Method::Sparse,
    };
    let t = std::time::Instant::now();
    let s = NimSequence::compute_with(&code, n, m);
    let e = t.elapsed();
    eprintln!(
        "{code} N={n} {:?} {:?} {:.1} Mvalues/s period {:?}",
        e,
        s.stats(),
        n as f64 / e.as_secs_f64() / 1e6,
        s.period()
    );
}
#[test]
fn dump() {
    let code = OctalCode::new(&[0, 6]).unwrap();
    let s = NimSequence::compute(&code, 200000);
    let text: Vec<String> = s.values().iter().map(|v| v.to_string()).collect();
    std::fs::write("/tmp/officers.txt", text.join(" ")).unwrap();
}
