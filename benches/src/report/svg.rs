//! ratios.svg: every ratio as a bar on a log scale.

use std::fmt::Write as _;

use crate::results::{Speed, PEERS};

/// Escapes text for SVG.
fn xml_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A horizontal bar chart of every ratio on a log₂ scale centred on 1 (parity):
/// bars to the right (green) mean textcodec is faster, to the left (red) slower.
/// Bars of a labelled run start their label with the run's.
pub(crate) fn render_svg(speed: &[Speed]) -> String {
    let bars: Vec<(String, f64)> = speed
        .iter()
        .flat_map(|run| run.rows.iter().map(move |row| (run.label.as_deref(), row)))
        .flat_map(|(label, row)| {
            PEERS.iter().filter_map(move |peer| {
                let ratio = row.ratio(peer)?;
                let what = format!("{}/{}/{} vs {peer}", row.operation, row.encoding, row.file);
                let text = match label {
                    Some(label) => format!("{label}: {what}"),
                    None => what,
                };
                Some((text, ratio))
            })
        })
        .collect();
    // Layout, in SVG user units.
    const LABEL_W: f64 = 430.0;
    const PLOT_W: f64 = 520.0;
    const ROW_H: f64 = 16.0;
    const TOP: f64 = 60.0;
    const LIMIT: f64 = 4.0; // log2 range shown: 1/16 .. 16
    let width = LABEL_W + PLOT_W + 70.0;
    let height = TOP + ROW_H * bars.len().max(1) as f64 + 30.0;
    let x_of =
        |log: f64| LABEL_W + PLOT_W / 2.0 + log.clamp(-LIMIT, LIMIT) / LIMIT * (PLOT_W / 2.0);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">"##
    );
    let _ = writeln!(svg, r##"<rect width="100%" height="100%" fill="white"/>"##);
    let _ = writeln!(
        svg,
        r##"<text x="{}" y="18" font-size="14" font-weight="bold">textcodec throughput ÷ peer throughput (log scale; right of 1× = textcodec faster)</text>"##,
        10
    );
    // Grid and axis labels.
    for k in -LIMIT as i32..=LIMIT as i32 {
        let x = x_of(f64::from(k));
        let label = if k >= 0 {
            format!("{}×", 1u32 << k)
        } else {
            format!("1/{}", 1u32 << -k)
        };
        let stroke = if k == 0 { "#000" } else { "#ddd" };
        let _ = writeln!(
            svg,
            r##"<line x1="{x:.1}" y1="{}" x2="{x:.1}" y2="{:.1}" stroke="{stroke}"/><text x="{x:.1}" y="{}" text-anchor="middle" fill="#555">{label}</text>"##,
            TOP - 12.0,
            height - 24.0,
            TOP - 16.0
        );
    }
    for (i, (label, ratio)) in bars.iter().enumerate() {
        let y = TOP + ROW_H * i as f64;
        let (x0, x1) = (x_of(0.0), x_of(ratio.log2()));
        let (left, w) = if x1 >= x0 {
            (x0, x1 - x0)
        } else {
            (x1, x0 - x1)
        };
        let color = if *ratio >= 1.0 { "#3a9a4a" } else { "#c8453a" };
        let _ = writeln!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" text-anchor="end">{}</text><rect x="{left:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="{color}"/><text x="{:.1}" y="{:.1}" fill="#333">{ratio:.2}</text>"##,
            LABEL_W - 6.0,
            y + 11.0,
            xml_escape(label),
            y + 2.0,
            w.max(0.5),
            ROW_H - 4.0,
            LABEL_W + PLOT_W + 6.0,
            y + 11.0,
        );
    }
    let _ = writeln!(svg, "</svg>");
    svg
}
