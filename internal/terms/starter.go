package terms

import "strings"

// starters are the neutral terms a company may adopt and edit (Settings → Terms): what a karting
// session's booking usually agrees to, with {company} for the company's name. They are a starting
// point the circuit reads and adapts, not legal advice, and the editor says so. Plain text: paragraphs
// separated by blank lines, as the terms page shows them. TestStartersInEveryLanguage checks that every
// language has one with the same number of paragraphs.
var starters = map[string]string{
	"en": `These terms apply to every booking made with {company} through this booking page.

Booking. A booking is confirmed once it is paid, or once it is accepted with payment at the circuit. You will receive a confirmation by e-mail with your reference; please bring it to the desk.

Arrival and safety. Please arrive 15 minutes before your session. Every driver must follow the instructions of the track staff and wear the safety equipment provided. Staff may refuse or stop a driver who puts themselves or others at risk, without a refund.

Age and health. Drivers must meet the minimum age and height shown for each product. By booking you confirm that every driver is fit to drive.

Cancellation. You can cancel through the link in your confirmation e-mail until the time the circuit allows; refunds follow the circuit's refund policy. If the circuit cancels a session (for example for weather or safety), you will be offered another session or a refund.

Personal data. {company} uses your details only to manage your booking and, if you agree, to send you news. You can ask to see, correct or delete your data at any time.`,
	"es": `Estas condiciones se aplican a toda reserva hecha con {company} en esta página de reservas.

Reserva. La reserva queda confirmada cuando se paga o cuando se acepta con pago en el circuito. Recibirás una confirmación por correo con tu referencia; preséntala en el mostrador.

Llegada y seguridad. Llega 15 minutos antes de tu tanda. Cada piloto debe seguir las instrucciones del personal de pista y llevar el equipo de seguridad que se le entregue. El personal puede impedir o detener la conducción de quien se ponga en peligro o ponga en peligro a otros, sin reembolso.

Edad y salud. Los pilotos deben cumplir la edad y la altura mínimas de cada producto. Al reservar confirmas que todos los pilotos están en condiciones de conducir.

Cancelación. Puedes cancelar con el enlace del correo de confirmación hasta el momento que permita el circuito; los reembolsos siguen la política del circuito. Si el circuito cancela una tanda (por ejemplo por el tiempo o por seguridad), te ofrecerá otra tanda o el reembolso.

Datos personales. {company} usa tus datos solo para gestionar tu reserva y, si lo aceptas, para enviarte novedades. Puedes pedir ver, corregir o borrar tus datos en cualquier momento.`,
	"da": `Disse betingelser gælder for alle bookinger hos {company} via denne bookingside.

Booking. En booking er bekræftet, når den er betalt, eller når den er accepteret med betaling på banen. Du får en bekræftelse på e-mail med din reference; tag den med til skranken.

Ankomst og sikkerhed. Mød op 15 minutter før dit heat. Alle kørere skal følge banepersonalets anvisninger og bære det udleverede sikkerhedsudstyr. Personalet kan afvise eller stoppe en kører, der bringer sig selv eller andre i fare, uden refusion.

Alder og helbred. Kørerne skal opfylde den mindstealder og -højde, der står ved hvert produkt. Ved at booke bekræfter du, at alle kørere er i stand til at køre.

Afbestilling. Du kan afbestille via linket i bekræftelsesmailen, indtil det tidspunkt banen tillader; refusion følger banens refusionsregler. Hvis banen aflyser et heat (for eksempel på grund af vejr eller sikkerhed), tilbydes du et andet heat eller refusion.

Personoplysninger. {company} bruger kun dine oplysninger til at håndtere din booking og, hvis du siger ja, til at sende dig nyheder. Du kan til enhver tid bede om at se, rette eller slette dine oplysninger.`,
	"de": `Diese Bedingungen gelten für jede Buchung bei {company} über diese Buchungsseite.

Buchung. Eine Buchung ist bestätigt, sobald sie bezahlt ist oder mit Zahlung an der Bahn angenommen wurde. Sie erhalten eine Bestätigung per E-Mail mit Ihrer Referenz; bitte zeigen Sie sie am Empfang vor.

Ankunft und Sicherheit. Bitte kommen Sie 15 Minuten vor Ihrem Turn. Alle Fahrer müssen den Anweisungen des Streckenpersonals folgen und die gestellte Schutzausrüstung tragen. Das Personal kann Fahrer, die sich oder andere gefährden, ohne Erstattung abweisen oder stoppen.

Alter und Gesundheit. Die Fahrer müssen das bei jedem Produkt angegebene Mindestalter und die Mindestgröße erfüllen. Mit der Buchung bestätigen Sie, dass alle Fahrer fahrtüchtig sind.

Stornierung. Sie können über den Link in der Bestätigungs-E-Mail stornieren, solange die Bahn es zulässt; Erstattungen richten sich nach den Erstattungsregeln der Bahn. Sagt die Bahn einen Turn ab (zum Beispiel wegen Wetter oder Sicherheit), erhalten Sie einen anderen Turn oder eine Erstattung.

Personenbezogene Daten. {company} verwendet Ihre Daten nur zur Abwicklung Ihrer Buchung und, wenn Sie zustimmen, für Neuigkeiten. Sie können jederzeit Auskunft, Berichtigung oder Löschung Ihrer Daten verlangen.`,
	"nb": `Disse vilkårene gjelder for alle bestillinger hos {company} via denne bestillingssiden.

Bestilling. En bestilling er bekreftet når den er betalt, eller når den er godtatt med betaling på banen. Du får en bekreftelse på e-post med referansen din; ta den med til skranken.

Oppmøte og sikkerhet. Møt opp 15 minutter før økten din. Alle førere må følge instruksene fra banepersonalet og bruke sikkerhetsutstyret de får utlevert. Personalet kan nekte eller stoppe en fører som setter seg selv eller andre i fare, uten refusjon.

Alder og helse. Førerne må oppfylle minstealderen og minstehøyden som står ved hvert produkt. Ved å bestille bekrefter du at alle førerne er i stand til å kjøre.

Avbestilling. Du kan avbestille via lenken i bekreftelsen på e-post frem til tidspunktet banen tillater; refusjon følger banens refusjonsregler. Hvis banen avlyser en økt (for eksempel på grunn av vær eller sikkerhet), får du tilbud om en annen økt eller refusjon.

Personopplysninger. {company} bruker opplysningene dine bare til å håndtere bestillingen og, hvis du sier ja, til å sende deg nyheter. Du kan når som helst be om å se, rette eller slette opplysningene dine.`,
	"sv": `Dessa villkor gäller för alla bokningar hos {company} via denna bokningssida.

Bokning. En bokning är bekräftad när den är betald, eller när den är godkänd med betalning på banan. Du får en bekräftelse via e-post med din referens; ta med den till disken.

Ankomst och säkerhet. Kom 15 minuter före ditt heat. Alla förare ska följa banpersonalens instruktioner och bära den säkerhetsutrustning som delas ut. Personalen kan neka eller stoppa en förare som utsätter sig själv eller andra för fara, utan återbetalning.

Ålder och hälsa. Förarna ska uppfylla den lägsta ålder och längd som anges för varje produkt. Genom att boka bekräftar du att alla förare är i stånd att köra.

Avbokning. Du kan avboka via länken i bekräftelsemejlet fram till den tidpunkt banan tillåter; återbetalning följer banans regler. Om banan ställer in ett heat (till exempel på grund av väder eller säkerhet) erbjuds du ett annat heat eller återbetalning.

Personuppgifter. {company} använder dina uppgifter bara för att hantera din bokning och, om du samtycker, för att skicka nyheter. Du kan när som helst be att få se, rätta eller radera dina uppgifter.`,
	"ar": `تنطبق هذه الشروط على كل حجز يتم مع {company} عبر صفحة الحجز هذه.

الحجز. يُؤكَّد الحجز عند دفعه، أو عند قبوله مع الدفع في الحلبة. ستصلك رسالة تأكيد بالبريد الإلكتروني تتضمن رقمك المرجعي؛ يُرجى إبرازه عند مكتب الاستقبال.

الوصول والسلامة. يُرجى الحضور قبل جولتك بخمس عشرة دقيقة. على كل سائق اتباع تعليمات طاقم الحلبة وارتداء معدات السلامة المقدَّمة. يجوز للطاقم منع أي سائق يعرّض نفسه أو غيره للخطر أو إيقافه، دون استرداد المبلغ.

العمر والصحة. يجب أن يستوفي السائقون الحد الأدنى للعمر والطول المبيَّن لكل منتج. بإتمام الحجز تؤكد أن جميع السائقين قادرون على القيادة.

الإلغاء. يمكنك الإلغاء عبر الرابط الموجود في رسالة التأكيد حتى الموعد الذي تسمح به الحلبة؛ ويخضع الاسترداد لسياسة الحلبة. إذا ألغت الحلبة جولة (مثلًا بسبب الطقس أو لأسباب تتعلق بالسلامة) فستُعرض عليك جولة أخرى أو استرداد المبلغ.

البيانات الشخصية. تستخدم {company} بياناتك فقط لإدارة حجزك، ولإرسال الأخبار إليك إن وافقت على ذلك. يمكنك في أي وقت طلب الاطلاع على بياناتك أو تصحيحها أو حذفها.`,
}

// Starter returns the neutral terms in the language of culture (English when there are none in it),
// with the company's name filled in, and the culture they are written in.
func Starter(culture, company string) (Terms, bool) {
	lang := language(culture)
	text, ok := starters[lang]
	if !ok {
		lang, text = "en", starters["en"]
	}
	return Terms{Culture: starterCulture[lang], Text: strings.ReplaceAll(text, "{company}", company)}, ok
}

// starterCulture is the culture each starter is written in (the app's seven).
var starterCulture = map[string]string{"en": "en-GB", "es": "es-ES", "da": "da-DK", "de": "de-DE", "nb": "nb-NO", "sv": "sv-SE", "ar": "ar-SA"}
