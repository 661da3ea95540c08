package notify

import (
	"errors"
	"strconv"
	"strings"
)

// KindPasswordReset is outbox_emails.kind of the mail with a staff account's password reset link (the
// login page's "Forgot your password?", issue 24).
const KindPasswordReset = "password_reset"

// PasswordReset is what a reset mail says.
type PasswordReset struct {
	To          string
	Culture     string // the login page's language; DefaultCulture when unknown
	CompanyName string // the account's (first) company, the mail's sender name; may be empty
	URL         string // the reset page, <base URL>/reset-password/<token>
	Minutes     int    // how long the link works
}

// resetStrings are the reset mail's strings per culture, beside the mail as the invitation's are;
// TestPasswordResetStrings checks every culture has every key with the same placeholders.
var resetStrings = map[string]messages{
	"en-GB": {
		"subject": "Reset your back-office password",
		"title":   "Reset your password",
		"intro":   "Someone asked to reset the password of the back-office account {email}. If it was you, choose a new password:",
		"button":  "Choose a new password",
		"expiry":  "The link works once and for {minutes} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.",
	},
	"es-ES": {
		"subject": "Restablece tu contraseña del back office",
		"title":   "Restablece tu contraseña",
		"intro":   "Alguien ha pedido restablecer la contraseña de la cuenta del back office {email}. Si has sido tú, elige una nueva:",
		"button":  "Elegir una contraseña nueva",
		"expiry":  "El enlace sirve una sola vez durante {minutes} minutos. Si no lo has pedido, ignora este correo: tu contraseña no cambia.",
	},
	"da-DK": {
		"subject": "Nulstil din adgangskode til back office",
		"title":   "Nulstil din adgangskode",
		"intro":   "Nogen har bedt om at nulstille adgangskoden til back office-kontoen {email}. Hvis det var dig, så vælg en ny adgangskode:",
		"button":  "Vælg en ny adgangskode",
		"expiry":  "Linket virker én gang i {minutes} minutter. Hvis du ikke har bedt om det, så ignorer denne e-mail: din adgangskode er uændret.",
	},
	"ar-SA": {
		"subject": "إعادة تعيين كلمة مرور لوحة الإدارة",
		"title":   "أعد تعيين كلمة المرور",
		"intro":   "طلب أحدهم إعادة تعيين كلمة مرور حساب لوحة الإدارة {email}. إن كنت أنت، فاختر كلمة مرور جديدة:",
		"button":  "اختيار كلمة مرور جديدة",
		"expiry":  "يعمل الرابط مرة واحدة لمدة {minutes} دقيقة. إن لم تطلبه فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.",
	},
	"de-DE": {
		"subject": "Setzen Sie Ihr Backoffice-Passwort zurück",
		"title":   "Passwort zurücksetzen",
		"intro":   "Jemand hat angefordert, das Passwort des Backoffice-Kontos {email} zurückzusetzen. Wenn Sie das waren, wählen Sie ein neues Passwort:",
		"button":  "Neues Passwort wählen",
		"expiry":  "Der Link funktioniert einmal und {minutes} Minuten lang. Wenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.",
	},
	"nb-NO": {
		"subject": "Tilbakestill passordet ditt til back office",
		"title":   "Tilbakestill passordet ditt",
		"intro":   "Noen har bedt om å tilbakestille passordet til back office-kontoen {email}. Hvis det var deg, velg et nytt passord:",
		"button":  "Velg et nytt passord",
		"expiry":  "Lenken virker én gang i {minutes} minutter. Hvis du ikke ba om den, kan du se bort fra denne e-posten: passordet ditt er uendret.",
	},
	"sv-SE": {
		"subject": "Återställ ditt lösenord till back office",
		"title":   "Återställ ditt lösenord",
		"intro":   "Någon har bett om att återställa lösenordet för back office-kontot {email}. Om det var du, välj ett nytt lösenord:",
		"button":  "Välj ett nytt lösenord",
		"expiry":  "Länken fungerar en gång i {minutes} minuter. Om du inte bad om den kan du bortse från detta mejl: ditt lösenord är oförändrat.",
	},
}

// PasswordResetMail is the mail with r.To's reset link, in r.Culture.
func PasswordResetMail(r PasswordReset) (Message, error) {
	if strings.TrimSpace(r.To) == "" || r.URL == "" {
		return Message{}, errors.New("notify: reset mail without an address or a link")
	}
	culture := NormalizeCulture(r.Culture)
	tr := catalogue(resetStrings, culture)
	to := strings.TrimSpace(r.To)
	d := doc{Lang: culture, Company: Company{Name: r.CompanyName}, Title: tr("title")}
	d.Intro = []string{tr("intro", "email", to)}
	d.Blocks = []block{{Link: &link{Label: tr("button"), URL: r.URL}}, {Text: tr("expiry", "minutes", strconv.Itoa(r.Minutes))}}
	html, text, err := render(d)
	if err != nil {
		return Message{}, err
	}
	return Message{Kind: KindPasswordReset, Culture: culture, To: to, Subject: tr("subject"), Text: text, HTML: html,
		FromName: strings.TrimSpace(r.CompanyName)}, nil
}
