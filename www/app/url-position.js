// A position in the page's address: `?variant=alice&fen=...` opens the page on it (the
// editor's "Link to this position" makes such links; the embed reads the same two
// parameters). Reading checks the rule set's name and the FEN's length only: the board
// says whether the FEN is a position, and nothing of the address reaches the page as HTML.

const MAX_FEN = 512;

/** The position `search` names: null (none), {variant, fen}, or {error} in words. */
export function positionFromUrl(search, variants) {
  const params = new URLSearchParams(search);
  const fen = params.get('fen');
  if (fen === null) return null;
  const variant = params.get('variant') ?? 'chess';
  if (!variants.some((v) => v.id === variant)) return { error: `The link names an unknown rule set, “${variant.slice(0, 30)}”.` };
  if (!fen.trim() || fen.length > MAX_FEN) return { error: 'The link holds no FEN the page can read.' };
  return { variant, fen: fen.trim() };
}

/** The page's address opening on `fen` of `variant`, from where the page is (`location`). */
export function positionLink(location, variant, fen) {
  const url = new URL(location.pathname, location.origin);
  url.search = new URLSearchParams({ variant, fen }).toString();
  return url.href;
}
