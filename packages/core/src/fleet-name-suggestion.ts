/**
 * Suggested name for the create-fleet dialog (fleets spec §2 "Create fleet/app/block dialog",
 * §9 "Name suggestion retries: 500"): an adjective-noun pair that avoids the user's existing
 * fleet names, compared case-insensitively like the uniqueness rule (§5 Fleet name).
 */

export const NAME_SUGGESTION_MAX_RETRIES = 500;

export const SUGGESTION_ADJECTIVES = [
  'amber', 'ancient', 'autumn', 'billowing', 'bitter', 'black', 'blue', 'bold', 'brave', 'bright',
  'broken', 'calm', 'clever', 'cold', 'cool', 'crimson', 'curly', 'damp', 'dark', 'dawn',
  'delicate', 'divine', 'dry', 'empty', 'falling', 'fancy', 'flat', 'floral', 'fragrant', 'frosty',
  'gentle', 'green', 'hidden', 'holy', 'icy', 'jolly', 'late', 'lingering', 'little', 'lively',
  'long', 'lucky', 'misty', 'morning', 'muddy', 'nameless', 'noisy', 'odd', 'old', 'orange',
  'patient', 'plain', 'polished', 'proud', 'purple', 'quiet', 'rapid', 'restless', 'rough', 'round',
  'royal', 'shiny', 'shrill', 'shy', 'silent', 'small', 'snowy', 'soft', 'solitary', 'sparkling',
  'spring', 'square', 'steep', 'still', 'summer', 'super', 'sweet', 'throbbing', 'tight', 'tiny',
  'twilight', 'wandering', 'weathered', 'white', 'wild', 'winter', 'wispy', 'withered', 'yellow', 'young',
] as const;

export const SUGGESTION_NOUNS = [
  'art', 'band', 'bar', 'base', 'bird', 'block', 'boat', 'bonus', 'bread', 'breeze',
  'brook', 'bush', 'butterfly', 'cake', 'cell', 'cherry', 'cloud', 'credit', 'darkness', 'dawn',
  'dew', 'disk', 'dream', 'dust', 'feather', 'field', 'fire', 'firefly', 'flower', 'fog',
  'forest', 'frog', 'frost', 'glade', 'glitter', 'grass', 'hall', 'hat', 'haze', 'heart',
  'hill', 'king', 'lab', 'lake', 'leaf', 'limit', 'math', 'meadow', 'mode', 'moon',
  'morning', 'mountain', 'mouse', 'mud', 'night', 'paper', 'pine', 'poetry', 'pond', 'queen',
  'rain', 'recipe', 'resonance', 'rice', 'river', 'salad', 'scene', 'sea', 'shadow', 'shape',
  'silence', 'sky', 'smoke', 'snow', 'snowflake', 'sound', 'star', 'sun', 'sunset', 'surf',
  'term', 'thunder', 'tooth', 'tree', 'truth', 'union', 'unit', 'violet', 'voice', 'water',
  'waterfall', 'wave', 'wildflower', 'wind', 'wood',
] as const;

function pick<T>(items: readonly T[], random: () => number): T {
  const index = Math.min(items.length - 1, Math.floor(random() * items.length));
  return items[index] as T;
}

/**
 * An adjective-noun name not in `existingNames` (case-insensitive). Tries up to
 * NAME_SUGGESTION_MAX_RETRIES random pairs; if every try collides (a user with a great many
 * fleets), the last pair gets the smallest numeric suffix that makes it unique.
 */
export function suggestFleetName(existingNames: Iterable<string>, random: () => number = Math.random): string {
  const taken = new Set<string>();
  for (const name of existingNames) taken.add(name.toLowerCase());
  let candidate = '';
  for (let attempt = 0; attempt < NAME_SUGGESTION_MAX_RETRIES; attempt++) {
    candidate = `${pick(SUGGESTION_ADJECTIVES, random)}-${pick(SUGGESTION_NOUNS, random)}`;
    if (!taken.has(candidate)) return candidate;
  }
  for (let n = 2; ; n++) {
    const numbered = `${candidate}-${n}`;
    if (!taken.has(numbered)) return numbered;
  }
}
