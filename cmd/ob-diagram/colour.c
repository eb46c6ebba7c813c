#include "ob-diagram/colour.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* The named colours of CSS Color Module Level 4, section 6.1, in byte
 * order (bsearch). */
static const char *const named[] = {
	"aliceblue", "antiquewhite", "aqua", "aquamarine", "azure", "beige",
	"bisque", "black", "blanchedalmond", "blue", "blueviolet", "brown",
	"burlywood", "cadetblue", "chartreuse", "chocolate", "coral",
	"cornflowerblue", "cornsilk", "crimson", "cyan", "darkblue",
	"darkcyan", "darkgoldenrod", "darkgray", "darkgreen", "darkgrey",
	"darkkhaki", "darkmagenta", "darkolivegreen", "darkorange",
	"darkorchid", "darkred", "darksalmon", "darkseagreen",
	"darkslateblue", "darkslategray", "darkslategrey", "darkturquoise",
	"darkviolet", "deeppink", "deepskyblue", "dimgray", "dimgrey",
	"dodgerblue", "firebrick", "floralwhite", "forestgreen", "fuchsia",
	"gainsboro", "ghostwhite", "gold", "goldenrod", "gray", "green",
	"greenyellow", "grey", "honeydew", "hotpink", "indianred", "indigo",
	"ivory", "khaki", "lavender", "lavenderblush", "lawngreen",
	"lemonchiffon", "lightblue", "lightcoral", "lightcyan",
	"lightgoldenrodyellow", "lightgray", "lightgreen", "lightgrey",
	"lightpink", "lightsalmon", "lightseagreen", "lightskyblue",
	"lightslategray", "lightslategrey", "lightsteelblue", "lightyellow",
	"lime", "limegreen", "linen", "magenta", "maroon",
	"mediumaquamarine", "mediumblue", "mediumorchid", "mediumpurple",
	"mediumseagreen", "mediumslateblue", "mediumspringgreen",
	"mediumturquoise", "mediumvioletred", "midnightblue", "mintcream",
	"mistyrose", "moccasin", "navajowhite", "navy", "oldlace", "olive",
	"olivedrab", "orange", "orangered", "orchid", "palegoldenrod",
	"palegreen", "paleturquoise", "palevioletred", "papayawhip",
	"peachpuff", "peru", "pink", "plum", "powderblue", "purple",
	"rebeccapurple", "red", "rosybrown", "royalblue", "saddlebrown",
	"salmon", "sandybrown", "seagreen", "seashell", "sienna", "silver",
	"skyblue", "slateblue", "slategray", "slategrey", "snow",
	"springgreen", "steelblue", "tan", "teal", "thistle", "tomato",
	"turquoise", "violet", "wheat", "white", "whitesmoke", "yellow",
	"yellowgreen",
};

static int compare_name(const void *key, const void *entry)
{
	return strcmp(key, *(const char *const *)entry);
}

const char *colour_parse(const char *text)
{
	size_t n = strlen(text);
	if (text[0] == '#') {
		bool hex = strspn(text + 1, "0123456789abcdefABCDEF") == n - 1;
		return hex && (n == 4 || n == 7) ? text : NULL;
	}
	char lower[24];
	if (n == 0 || n >= sizeof lower)
		return NULL;
	for (size_t i = 0; i <= n; i++)
		lower[i] = text[i] >= 'A' && text[i] <= 'Z'
				   ? (char)(text[i] - 'A' + 'a')
				   : text[i];
	const char *const *found = bsearch(lower, named,
					   sizeof named / sizeof *named,
					   sizeof *named, compare_name);
	return found ? *found : NULL;
}
