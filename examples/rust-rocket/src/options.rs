//! The game's options (docs/rocket.md, "Options"): the readings of rules the sources
//! leave unsettled. A position carries all of them, resolved.

use crate::json::{obj, Value};

#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// "1999" scores in pounds, "2018" in victory points (pounds / 1000).
    pub edition: String,
    /// "split" or "each_full": how tied players share a majority's prizes.
    pub tie_rule: String,
    /// "railway_towns" or "all_places": what a railway-town payout counts.
    pub town_payout_basis: String,
    /// "all_places" or "cities": what a merger payout counts.
    pub merger_count_basis: String,
    /// "down" or "up": the odd share in the two-for-one merger exchange.
    pub merger_odd_share: String,
    /// Whether a merger lays a tile where the dissolved locomotive stood.
    pub merger_lays_tile: bool,
    /// "return_supplementary" or "refuse_bid" (SR-VETO-08).
    pub veto_shortfall: String,
    /// "active" or "undissolved": which lines count as left at the end.
    pub end_lines: String,
    /// Whether tokens of cities no line reaches are discarded before final scoring.
    pub discard_unconnected_tokens: bool,
}

/// Every option with the values this engine plays; the first is the default.
pub const CHOICES: [(&str, &[&str]); 9] = [
    ("edition", &["1999", "2018"]),
    ("tie_rule", &["split", "each_full"]),
    ("town_payout_basis", &["railway_towns", "all_places"]),
    ("merger_count_basis", &["all_places", "cities"]),
    ("merger_odd_share", &["down", "up"]),
    ("merger_lays_tile", &["true", "false"]),
    ("veto_shortfall", &["return_supplementary", "refuse_bid"]),
    ("end_lines", &["active", "undissolved"]),
    ("discard_unconnected_tokens", &["false", "true"]),
];

fn is_flag(name: &str) -> bool {
    matches!(name, "merger_lays_tile" | "discard_unconnected_tokens")
}

impl Default for Options {
    fn default() -> Self {
        Options {
            edition: "1999".into(),
            tie_rule: "split".into(),
            town_payout_basis: "railway_towns".into(),
            merger_count_basis: "all_places".into(),
            merger_odd_share: "down".into(),
            merger_lays_tile: true,
            veto_shortfall: "return_supplementary".into(),
            end_lines: "active".into(),
            discard_unconnected_tokens: false,
        }
    }
}

impl Options {
    /// Options over the defaults; Err((field, message)) names an unknown option or value.
    pub fn from_json(value: &Value, prefix: &str) -> Result<Options, (String, String)> {
        let fields = value.as_obj().ok_or_else(|| (prefix.to_string(), "must be an object".to_string()))?;
        let mut options = Options::default();
        for (name, v) in fields {
            let field = format!("{prefix}.{name}");
            let Some((_, choices)) = CHOICES.iter().find(|(n, _)| n == name) else {
                return Err((field, "unknown option".into()));
            };
            let text = if is_flag(name) {
                v.as_bool().map(|b| b.to_string())
            } else {
                v.as_str().map(str::to_string)
            };
            let text = text.filter(|t| choices.contains(&t.as_str()));
            let Some(text) = text else {
                return Err((field, format!("not one of {}", choices.join(", "))));
            };
            match name.as_str() {
                "edition" => options.edition = text,
                "tie_rule" => options.tie_rule = text,
                "town_payout_basis" => options.town_payout_basis = text,
                "merger_count_basis" => options.merger_count_basis = text,
                "merger_odd_share" => options.merger_odd_share = text,
                "merger_lays_tile" => options.merger_lays_tile = text == "true",
                "veto_shortfall" => options.veto_shortfall = text,
                "end_lines" => options.end_lines = text,
                _ => options.discard_unconnected_tokens = text == "true",
            }
        }
        Ok(options)
    }

    pub fn to_json(&self) -> Value {
        obj(vec![
            ("edition", Value::str(&self.edition)),
            ("tie_rule", Value::str(&self.tie_rule)),
            ("town_payout_basis", Value::str(&self.town_payout_basis)),
            ("merger_count_basis", Value::str(&self.merger_count_basis)),
            ("merger_odd_share", Value::str(&self.merger_odd_share)),
            ("merger_lays_tile", Value::Bool(self.merger_lays_tile)),
            ("veto_shortfall", Value::str(&self.veto_shortfall)),
            ("end_lines", Value::str(&self.end_lines)),
            ("discard_unconnected_tokens", Value::Bool(self.discard_unconnected_tokens)),
        ])
    }

    /// The handshake's list: [{name, choices}] with the JSON type each option has.
    pub fn declared() -> Value {
        let options = CHOICES
            .iter()
            .map(|(name, choices)| {
                let values = choices
                    .iter()
                    .map(|c| if is_flag(name) { Value::Bool(*c == "true") } else { Value::str(c) })
                    .collect();
                obj(vec![("name", Value::str(name)), ("choices", Value::Arr(values))])
            })
            .collect();
        Value::Arr(options)
    }
}
