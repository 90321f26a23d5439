// Not used by searches; loaded only because birch-outline requires it at start-up.
module.exports = {};
