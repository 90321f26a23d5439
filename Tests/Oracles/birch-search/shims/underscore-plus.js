module.exports = require('underscore');
