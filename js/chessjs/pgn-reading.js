// What chess.js 1.4's loadPgn does to the text before any move is read, on top of the
// core's PGN reader: its newline option, its FEN tag rules (strict: only with
// [SetUp "1"], which then needs a FEN; permissive: a FEN tag of any case), castling
// rights the core does not keep, and its syntax refusals.

import { completeFen, rightsAtHome } from './fen-text.js';
import { mainLineTokens, markAfterAnnotation } from './pgn-tokens.js';

const FEN_TAG = /(\[\s*)(fen)(\s*")([^"]*)("\s*\])/i;

/**
 * `{ text, fen, fenTagName, tokens }`: the text for the core, the FEN tag as written
 * (or undefined), its name, and the main line's move tokens. Throws `fail(message)`'s
 * error where chess.js refuses the text.
 */
export function prepareText(pgn, { strict, newlineChar }, fail) {
  let text = String(pgn);
  if (newlineChar !== '\r?\n') text = text.replace(new RegExp(newlineChar, 'g'), '\n');
  let fenTag = FEN_TAG.exec(text);
  if (strict) {
    const setUp = /\[\s*SetUp\s*"1"\s*\]/.test(text);
    if (fenTag && fenTag[2] !== 'FEN') fenTag = null;
    if (setUp && !fenTag) throw fail('Invalid PGN: FEN tag must be supplied with SetUp tag');
    if (!setUp && fenTag) {
      text = text.replace(FEN_TAG, '');
      fenTag = null;
    }
  }
  const tokens = mainLineTokens(text);
  const marked = tokens.find(markAfterAnnotation);
  if (marked) throw fail(`Invalid PGN: a check mark after an annotation: ${marked}`);
  if (!fenTag) return { text, tokens };
  // The core starts from a FEN tag spelt `FEN`, and without castling rights whose
  // king or rook is not at home; chess.js keeps those, and gets them back on load.
  const fields = completeFen(fenTag[4]).split(/\s+/);
  if (fields.length === 6) fields[2] = rightsAtHome(fields[0], fields[2]);
  const forCore = fields.length === 6 ? fields.join(' ') : fenTag[4];
  text = text.replace(FEN_TAG, (_, open, __, middle, ___, close) => `${open}FEN${middle}${forCore}${close}`);
  return { text, fen: fenTag[4], fenTagName: fenTag[2], tokens };
}
