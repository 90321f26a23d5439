// djb2, as the string-hash package computes it (birch uses it for content ids only).
module.exports = function (text) {
  let hash = 5381;
  for (let i = text.length - 1; i >= 0; i--) hash = (hash * 33) ^ text.charCodeAt(i);
  return hash >>> 0;
};
