//! City tokens: take one from any city that has one left (its industry named).

use super::action::Action;
use super::turn::{check_actor, end_action};
use crate::position::Position;

pub fn take_token(p: &mut Position, player: &str, city: &str, industry: &str) -> Result<(), String> {
    check_actor(p, player)?;
    let left = p.city_tokens.get_mut(city).ok_or_else(|| format!("{city} has no tokens"))?;
    let Some(i) = left.iter().position(|t| t == industry) else {
        return Err(format!("{city} has no {industry} token left"));
    };
    left.remove(i);
    *p.holding(player).tokens.entry(city.to_string()).or_default().entry(industry.to_string()).or_default() += 1;
    end_action(p);
    Ok(())
}

pub fn legal_tokens(p: &Position, player: &str) -> Vec<Action> {
    let mut out = Vec::new();
    for (city, left) in &p.city_tokens {
        let mut kinds = left.clone();
        kinds.dedup();
        for industry in kinds {
            out.push(Action::TakeToken { player: player.to_string(), city: city.clone(), industry });
        }
    }
    out
}

pub fn any_token(p: &Position) -> bool {
    p.city_tokens.values().any(|left| !left.is_empty())
}
