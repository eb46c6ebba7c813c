/*
 * Implementation of --arrow-color's values: the colours an SVG arrow may
 * take, so that nothing else reaches the fill and stroke attributes.
 */
#ifndef OB_CMD_DIAGRAM_COLOUR_H
#define OB_CMD_DIAGRAM_COLOUR_H

/* text as a colour: #rgb or #rrggbb (hex digits), or a CSS named colour
 * in any case, returned in lower case as CSS lists it; NULL when text is
 * none of these. */
const char *colour_parse(const char *text);

#endif
