package demo

// Terms and conditions of the demo companies, and their event pages (safe HTML: headings,
// paragraphs, lists and emphasis only).

const norteTermsES = `Condiciones generales de reserva – Circuito Norte

1. Reservas. La reserva es nominativa y se confirma al recibir el correo de confirmación. Cada tanda admite como máximo el número de pilotos indicado en la web.
2. Pago. El pago se realiza en línea con tarjeta en el momento de la reserva. Los precios incluyen el IVA.
3. Llegada. Los pilotos deben presentarse en recepción al menos 30 minutos antes de la hora reservada. Quien llegue tarde puede perder su tanda sin derecho a reembolso.
4. Cancelaciones. Puede cancelar su reserva desde el enlace del correo de confirmación hasta 2 días antes de la tanda; el importe se devolverá a la misma tarjeta. Pasado ese plazo no se admiten devoluciones.
5. Seguridad. Es obligatorio seguir las indicaciones de los comisarios, usar el casco y el sotocasco facilitados y llevar calzado cerrado. Los menores necesitan la autorización de un adulto.
6. Meteorología. Si la pista no puede utilizarse por causas meteorológicas, le ofreceremos una nueva fecha o la devolución íntegra.
7. Datos personales. Tratamos sus datos solo para gestionar la reserva y, si lo autoriza, para enviarle novedades. Puede ejercer sus derechos escribiendo a privacidad@circuitonorte.example.`

const norteTermsEN = `Booking terms and conditions – Circuito Norte

1. Bookings. A booking is confirmed when you receive the confirmation e-mail. Each session takes at most the number of drivers shown on the website.
2. Payment. You pay online by card when you book. Prices include VAT.
3. Arrival. Drivers must check in at reception at least 30 minutes before the booked time. Late arrivals may lose their session without a refund.
4. Cancellations. You can cancel from the link in the confirmation e-mail up to 2 days before the session; the amount is refunded to the same card. After that, no refunds are given.
5. Safety. Follow the marshals' instructions, wear the helmet and balaclava provided and closed shoes. Minors need the consent of an adult.
6. Weather. If the track cannot be used because of the weather, we will offer you a new date or a full refund.
7. Personal data. We use your data only to manage your booking and, if you agree, to send you news. To exercise your rights, write to privacidad@circuitonorte.example.`

const fjordTermsDA = `Bookingbetingelser – Fjord Karting

1. Booking. Din booking er bekræftet, når du har modtaget vores bekræftelse på e-mail.
2. Betaling. Du betaler i receptionen på dagen, før du kører. Alle priser er inklusive moms.
3. Fremmøde. Mød op senest 30 minutter før dit heat til instruktion. Kommer du for sent, kan dit heat gå tabt.
4. Afbestilling. Du kan afbestille gratis via linket i bekræftelsen indtil 1 dag før dit heat.
5. Sikkerhed. Følg altid banepersonalets anvisninger. Hjelm og balaklava udleveres og skal bæres. Kørere under 18 år skal have forældres samtykke.
6. Persondata. Vi bruger dine oplysninger til at håndtere din booking og, hvis du ønsker det, til at sende dig nyheder. Kontakt os på privatliv@fjordkarting.example.`

const fjordTermsEN = `Booking terms – Fjord Karting

1. Bookings. Your booking is confirmed once you have received our confirmation e-mail.
2. Payment. You pay at reception on the day, before you drive. All prices include VAT.
3. Arrival. Arrive at least 30 minutes before your heat for the safety briefing. If you are late, your heat may be lost.
4. Cancellation. You can cancel free of charge from the link in the confirmation until 1 day before your heat.
5. Safety. Always follow the track staff's instructions. Helmets and balaclavas are provided and must be worn. Drivers under 18 need a parent's consent.
6. Personal data. We use your details to handle your booking and, if you wish, to send you news. Contact privatliv@fjordkarting.example.`

const norteNightHTML = `<h2>Copa Norte Nocturna</h2>
<p>La carrera más esperada del año, <strong>bajo los focos</strong> de la Pista Grande.</p>
<ul>
<li>Briefing a las 19:30, entrenamientos libres a las 20:00.</li>
<li>Clasificación de 10 minutos y final de 20 minutos.</li>
<li>Trofeos para los tres primeros y sorteo entre todos los participantes.</li>
</ul>
<p>Plazas limitadas a 30 pilotos. Edad mínima: 16 años.</p>`

const norteTeamHTML = `<h2>Resistencia 3 Horas por Equipos</h2>
<p>Forma un equipo de <strong>2 a 4 pilotos</strong> y resiste tres horas de carrera con cambios de piloto en boxes.</p>
<ul>
<li>Categorías Junior, Senior y Master.</li>
<li>Cronometraje por transpondedor y clasificación en directo.</li>
<li>Comida para todos los pilotos al terminar.</li>
</ul>
<p>Máximo 12 equipos. El precio es por equipo.</p>`

const fjordGPHTML = `<h2>Fjord Grand Prix</h2>
<p>Kør mod de hurtigste på <strong>Fjord Ring</strong> i en aften med kvalifikation og finale.</p>
<ul>
<li>Instruktion kl. 17.30.</li>
<li>Kvalifikation på 10 minutter og finale på 15 minutter.</li>
<li>Pokaler til de tre bedste.</li>
</ul>
<p>Højst 30 kørere. Minimumsalder: 15 år.</p>`

const fjordTeamHTML = `<h2>Holdløb – 2 timers endurance</h2>
<p>Stil med et hold på <strong>2 til 4 kørere</strong> og kør to timer med kørerskift i pitten.</p>
<ul>
<li>Klasser: Junior, Senior og Master.</li>
<li>Live-tidtagning og resultatliste efter løbet.</li>
</ul>
<p>Højst 12 hold. Prisen er pr. hold.</p>`
