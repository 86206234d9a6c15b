/**
 * The built-in AI writer's words in English (namespace 'aiWriter'): i18next strings with {{placeholders}}, read
 * through say.ts. A list is a set of variants the writer picks one of (seeded), or, for a post idea, its heading,
 * what to post and caption. French and Kiswahili are in strings.fr.ts / strings.sw.ts with the same keys; a list
 * may have another number of variants there. Only words live here: what is said, in which order, is the code's.
 */
export const writerStrings = {
  // ---- Shared pieces (text.ts, instruction.ts)
  teamOf: 'The {{company}} team',
  team: 'The team',
  yourName: '[Your name]',
  and: 'and',
  pickUpOn: 'You can pick them up on {{day}}',
  subjectLabel: '**Subject:**',

  // ---- Birthday wishes
  'birthday.title': 'Birthday message for {{name}}',
  'birthday.opening': ['Happy birthday, {{first}}! 🎉', 'Happy birthday, dear {{first}}! 🎂'],
  'birthday.wishes': [
    'Everyone at {{company}} wishes you a year full of joy, good health and success.',
    'May this new year of your life bring you peace, laughter and every good thing you are working for.',
    'We hope today is as bright and generous as you have been to us.',
  ],
  'birthday.thanks': [
    'Thank you for trusting {{company}} — having you as a customer means a lot to us.',
    'It is a pleasure to serve you, and we are grateful for your loyalty.',
    'Thank you for being part of our story.',
  ],
  'birthday.close': ['Warm wishes,', 'With best wishes,'],

  // ---- Seasons greetings (name: the holiday's name in the language; English uses the name as typed)
  'holiday.christmas.name': 'Christmas',
  'holiday.christmas.wishes': [
    'May this Christmas bring peace, joy and time with the people you love.',
    'Wishing you and your family a merry Christmas full of love and laughter.',
  ],
  'holiday.newYear.name': 'New Year',
  'holiday.newYear.wishes': [
    'May the new year bring you good health, new opportunities and success.',
    'Here’s to a prosperous new year for you and your loved ones.',
  ],
  'holiday.eid.name': 'Eid',
  'holiday.eid.wishes': [
    'Eid Mubarak! May Allah accept your prayers and fill your home with peace and blessings.',
    'Wishing you a blessed celebration with family and friends. Eid Mubarak!',
  ],
  'holiday.easter.name': 'Easter',
  'holiday.easter.wishes': [
    'Happy Easter! May this season renew your hope and fill your home with joy.',
    'Wishing you a peaceful Easter and a season of new beginnings.',
  ],
  'holiday.independence.name': 'Independence Day',
  'holiday.independence.wishes': [
    'Let’s celebrate how far we have come and build what is next together.',
    'Proud of our country and grateful for customers like you.',
  ],
  'holiday.valentine.name': 'Valentine’s Day',
  'holiday.valentine.wishes': ['Thank you for the love you show our small business.'],
  'holiday.mothers.name': 'Mother’s Day',
  'holiday.mothers.wishes': ['To every mother who holds our families and businesses together: thank you.'],
  'holiday.fathers.name': 'Father’s Day',
  'holiday.fathers.wishes': ['To every dad working hard for his family: thank you.'],
  'greetings.heading': 'Happy {{name}}! {{emoji}}',
  'greetings.wishes': ['May {{name}} be a time of joy, rest and togetherness for you.', 'Wishing you a wonderful {{name}} with the people you love.'],
  'greetings.thanks': [
    'At this special time, all of us at {{company}} want to thank you for your support.',
    'Every order you place helps {{company}} grow. Thank you for being with us.',
  ],
  'greetings.close': 'With gratitude,',
  'greetings.title': '{{name}} greetings from {{company}}',

  // ---- Email copy (tones: hello without a name, dear before a name, openings, close)
  'tone.friendly.hello': 'Hi there,',
  'tone.friendly.dear': 'Hi',
  'tone.friendly.open': ['Hope your week is going well!', 'Here’s a quick note from us.'],
  'tone.friendly.close': 'Talk soon,',
  'tone.professional.hello': 'Dear customer,',
  'tone.professional.dear': 'Dear',
  'tone.professional.open': ['We are writing to let you know the following.'],
  'tone.professional.close': 'Kind regards,',
  'tone.persuasive.hello': 'Hello,',
  'tone.persuasive.dear': 'Hello',
  'tone.persuasive.open': ['Here’s why this is worth two minutes of your time.'],
  'tone.persuasive.close': 'See you soon,',
  'tone.urgent.hello': 'Hello,',
  'tone.urgent.dear': 'Hello',
  'tone.urgent.open': ['A short but important message — please read it today.'],
  'tone.urgent.close': 'Thank you,',
  'tone.grateful.hello': 'Dear customer,',
  'tone.grateful.dear': 'Dear',
  'tone.grateful.open': ['Before anything else: thank you for your support.'],
  'tone.grateful.close': 'With thanks,',
  'email.updateFor': '{{to}}, an update for you',
  'email.update': 'An update for you',
  'email.newsFrom': 'News from {{company}}: {{topicLower}}',
  'email.us': 'us',
  'email.intro': 'We have something to share with you:',
  'email.next': 'If you have any questions, just reply to this message.',
  'email.altSubject': '**Alternative subject:**',
  'email.preview': '**Preview text:**',
  'email.title': 'Email: {{topic}}',

  // ---- Reply to an email
  'intent.accept': ['We are happy to go ahead with this.', 'Yes — we can do this, and we look forward to working with you.'],
  'intent.decline': ['After careful thought, we are unable to go ahead with this at the moment.', 'Unfortunately, we can’t take this on right now.'],
  'intent.details': ['Before we confirm, could you share a few more details?', 'To give you an accurate answer, we need a little more information.'],
  'intent.followUp': ['I’m following up on your message to make sure nothing is missing on our side.', 'Just checking in on this so we can move forward.'],
  'intent.apologise': [
    'We are sorry for the trouble this has caused, and we are putting it right.',
    'Please accept our apologies — this is not the service we want you to have.',
  ],
  'intent.thank': ['Thank you so much for your message — it really made our day.', 'We truly appreciate you taking the time to write to us.'],
  'reply.yourMessage': 'Your message',
  'reply.dear': 'Dear {{who}},',
  'reply.hello': 'Hello,',
  'reply.thanks': 'Thank you for your email.',
  'reply.questions': 'To answer your questions:',
  'reply.answer': '[your answer]',
  'reply.details': '- What quantities and timeline do you have in mind?\n- Is there a budget range?\n- What is the best way to reach you?',
  'reply.more': ['Please let me know if you need anything else.', 'I’m happy to help with anything further.'],
  'reply.regards': 'Kind regards,',
  'reply.title': 'Reply: {{topic}}',

  // ---- Instagram content ideas: each idea is [heading, what to post, caption]; {{k}} is the product, {{at}} the place part
  days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  'idea.at': ' in {{place}}',
  'idea.behindScenes': [
    'Behind the scenes',
    'A 15-second reel of your team preparing {{k}} before opening.',
    "This is how we get your {{k}} ready every morning 👀 Who's coming through today?",
  ],
  'idea.team': [
    'Meet the team',
    'A photo of one team member with 3 lines about them and their favourite {{k}}.',
    'Meet the face behind your {{k}}! Say hi in the comments 👋',
  ],
  'idea.poll': [
    'Poll in stories',
    'A story poll: two of your {{k}} options side by side. Share the result the next day.',
    'Team A or Team B? Vote in our stories 🗳️',
  ],
  'idea.customers': [
    'Customer love',
    "Repost a happy customer's photo or review (ask first) and thank them by name.",
    'Nothing makes our day like this ❤️ Thank you for choosing us for your {{k}}!',
  ],
  'idea.weekend': [
    'Weekend reminder',
    'A bold graphic with your opening hours and how to order {{k}} for the weekend.',
    'Weekend plans? Send us your {{k}} order early ⏰',
  ],
  'idea.howMade': [
    'How it’s made',
    'A carousel of 5 photos: from raw materials to finished {{k}}.',
    'From start to finish in 5 steps ✨ Swipe to see how we make your {{k}}.',
  ],
  'idea.offer': [
    'Special offer',
    'A limited offer for followers: a bundle or discount on {{k}}, valid for 48 hours.',
    'Followers only 🎁 Show this post to get [your offer] on {{k}} — 48 hours only!',
  ],
  'idea.tip': [
    'Tip of the week',
    'A useful tip your customers can use about {{k}} (how to choose, store or care for it).',
    "Quick tip 💡 Save this post — you'll thank us later.",
  ],
  'idea.neighbourhood': [
    'Our neighbourhood',
    'A photo of your spot{{at}} with directions and a landmark customers know.',
    'Come find us{{at}} 📍 Tag a friend who needs to know about our {{k}}!',
  ],
  'idea.question': ['Question time', 'Ask followers a question about how they use {{k}}; reply to every comment.', 'Tell us 👇 How do you enjoy your {{k}}?'],
  'ideas.products': 'products',
  'ideas.caption': '*Caption:*',
  'ideas.times': 'Post between 12–2 pm or 7–9 pm, when your customers are on their phones.',
  'ideas.heading': '## Your week on Instagram',
  'ideas.hashtags': '**Hashtags:**',
  'ideas.tip': '**Tip:**',
  'ideas.title': 'Instagram content ideas: {{main}}',

  // ---- Newsletter (headlines by what the update is about)
  'news.branch': 'We’ve opened a new branch!',
  'news.moving': 'We’re moving!',
  'news.offer': 'A special offer for you',
  'news.prices': 'An update on our prices',
  'news.hours': 'Our new opening hours',
  'news.new': 'Something new for you',
  'news.default': 'News from us',
  'newsletter.opener': [
    'We have some news to share with you.',
    'Thank you for being part of our community — here is what’s new.',
    'A quick note to keep you in the loop.',
  ],
  'newsletter.cta': ['If you have any questions, just reply to this message.', 'Share this news with a friend who could use it.'],
  'newsletter.dear': 'Dear customer,',
  'newsletter.whatsNew': 'What’s new',
  'newsletter.thanks': 'Thank you for your support,',
  'newsletter.title': 'Newsletter: {{headline}}',

  // ---- Posts from a link
  'link.littleText': 'The page “{{title}}” has little readable text.',
  'link.summary': '## Summary\n{{summary}}',
  'link.points': '## Key points\n{{points}}',
  'link.social': '## Social posts',
  'link.facebook': '**Facebook**\n{{title}} — {{summary}}\n\nRead it here: {{url}}',
  'link.instagram': '**Instagram**\n{{emoji}} {{title}}\n\n{{points}}\n\nLink in bio! {{tags}}',
  'link.linkedinLead': ['A useful read for business owners:', 'Worth sharing with your network:', 'What I took away from this article:'],
  'link.whatsapp': '**WhatsApp status**\n{{emoji}} {{title}} 👉 {{url}}',
  'link.title': 'Posts from “{{title}}”',
} as const;

export type WriterStrings = typeof writerStrings;
