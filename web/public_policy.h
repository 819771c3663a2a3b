// What a visitor may ask of `ddz web` in public mode (a non-loopback --bind, or --public): agent
// kinds from an allow-list, no file, no setting but a capped simulation count.
#pragma once
#include <string>
#include <vector>

namespace ddz::web {

struct PublicPolicy {
  // Agent kinds a visitor may name (none of them reads a file the visitor names).
  std::vector<std::string> allow_agents{"pretrained", "pretrained-net", "heuristic", "mcts", "random"};
  // Largest `sims` a visitor may set (the allowed kinds' defaults: mcts 200, pretrained 1000).
  int max_sims = 2000;
};

// "" when `spec`, sent in the request field `field`, is allowed; else why not, naming the field.
// Allowed: a kind of the allow-list, no positional item (never a path), and of the settings only
// `sims` in 1..max_sims. The reason never echoes more of the spec than its kind and keys.
std::string public_spec_refusal(const std::string& field, const std::string& spec, const PublicPolicy& policy);

}  // namespace ddz::web
