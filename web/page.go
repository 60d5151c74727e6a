package web

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// The one HTML page: styles, an import map that names where each module
// is (the server's /static/, or data: URLs inside an export), and, for an
// export, the match's data. The modules import each other as
// "chronicle/NAME.js", which the import map resolves either way.

// serverImports maps the modules to the server's static files.
var serverImports = map[string]string{"chronicle/": "/static/"}

// pageHTML writes the page with imports; data, when not empty, is the JSON
// of an exported match.
func pageHTML(imports map[string]string, data string) ([]byte, error) {
	css, err := assets.ReadFile("assets/viewer.css")
	if err != nil {
		return nil, err
	}
	im, err := json.Marshal(map[string]any{"imports": imports})
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	b.WriteString(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Chronicle</title>
<style>
`)
	b.WriteString(scriptSafe(string(css)))
	b.WriteString("</style>\n<script type=\"importmap\">")
	b.WriteString(scriptSafe(string(im)))
	b.WriteString("</script>\n")
	if data == "" {
		// Every module at once: imports found one level at a time cost a
		// round trip per level before the page can ask for its data.
		mods, err := fs.Glob(assets, "assets/*.js")
		if err != nil {
			return nil, err
		}
		for _, m := range mods {
			fmt.Fprintf(&b, "<link rel=\"modulepreload\" href=\"/static/%s\">\n", path.Base(m))
		}
	}
	b.WriteString("</head>\n<body>\n<div id=\"app\"><p class=\"loading\">Loading…</p></div>\n")
	if data != "" {
		b.WriteString(`<script id="chronicle-data" type="application/json">`)
		b.WriteString(scriptSafe(data))
		b.WriteString("</script>\n")
	}
	b.WriteString("<script type=\"module\">import { start } from \"chronicle/app.js\"; start();</script>\n</body>\n</html>\n")
	return []byte(b.String()), nil
}

// scriptSafe keeps text from closing the element it sits in: a "</" in
// JSON is written "<\/", which reads back the same.
func scriptSafe(s string) string { return strings.ReplaceAll(s, "</", `<\/`) }
